/// The steps of one bucket of a history: a minute, a local hour or a local day, or a whole range.
public struct StepsBucket: Sendable, Hashable {
    /// The bucket's first instant, Unix time, s (clipped to the range asked for).
    public var start: Double
    /// The first instant after the bucket, Unix time, s (clipped to the range asked for).
    public var end: Double
    /// Steps counted in the bucket.
    public var steps: Int
    /// Minutes of the bucket in which steps were being counted (a minute with 0 steps counts; one without a
    /// counter running does not).
    public var minutes: Int

    public init(start: Double, end: Double, steps: Int, minutes: Int) {
        self.start = start
        self.end = end
        self.steps = steps
        self.minutes = minutes
    }
}
