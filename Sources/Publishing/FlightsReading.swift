/// The flights climbed today, to publish on `flights` whenever a floor is completed.
public struct FlightsReading: Sendable, Hashable {
    /// When the count changed, s, on the readings' clock.
    public var t: Double
    /// Floors climbed up while walking today.
    public var floorsAscended: Int
    /// Floors walked down today.
    public var floorsDescended: Int

    public init(t: Double, floorsAscended: Int, floorsDescended: Int) {
        self.t = t
        self.floorsAscended = floorsAscended
        self.floorsDescended = floorsDescended
    }
}
