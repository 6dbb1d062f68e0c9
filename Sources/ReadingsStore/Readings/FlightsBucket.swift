/// The flights climbed in one bucket of a history: a minute, a local hour or a local day, or a whole range.
public struct FlightsBucket: Sendable, Hashable {
    /// The bucket's first instant, Unix time, s (clipped to the range asked for).
    public var start: Double
    /// The first instant after the bucket, Unix time, s (clipped to the range asked for).
    public var end: Double
    /// Floors climbed up while walking.
    public var ascended: Int
    /// Floors walked down.
    public var descended: Int
    /// Minutes of the bucket in which flights were being counted (a barometer read; a minute with none climbed
    /// counts).
    public var minutes: Int

    public init(start: Double, end: Double, ascended: Int, descended: Int, minutes: Int) {
        self.start = start
        self.end = end
        self.ascended = ascended
        self.descended = descended
        self.minutes = minutes
    }
}
