/// One step to publish on `steps`.
public struct StepsReading: Sendable, Hashable {
    /// When the step happened, s, on the readings' clock.
    public var t: Double
    /// Steps counted since the start, this one included.
    public var steps: Int
    /// Cadence at this step, steps/min.
    public var cadence: Double
    /// `still`, `walking` or `running`.
    public var activity: String

    public init(t: Double, steps: Int, cadence: Double, activity: String) {
        self.t = t
        self.steps = steps
        self.cadence = cadence
        self.activity = activity
    }
}
