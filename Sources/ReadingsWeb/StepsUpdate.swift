import Pedometry

/// One step as the steps stream delivers it: the step and the steps of the day so far, this one included.
public struct StepsUpdate: Sendable, Hashable {
    /// The step (its time on the readings' clock, the running count since the capture started, cadence, activity).
    public var step: Step
    /// Steps of the local day so far (stored and live), this one included.
    public var today: Int

    public init(step: Step, today: Int) {
        self.step = step
        self.today = today
    }
}
