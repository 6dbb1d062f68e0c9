import Pedometry

/// What a `StepProcessor` emits: a counted step, or a change of the tentative steps pending before a walk is
/// recognised (`StepEvent`). A display shows the counted steps plus `tentativeSteps`, which is within 1 s of the
/// steps as they happen (the counted steps of a walk's start come only when the walk is recognised, up to
/// `StepDetector.Settings.lockInWindow` late); outputs of record (CSV rows, `PedometerData.numberOfSteps`) take the
/// counted steps only.
public struct StepUpdate: Sendable, Hashable, Timestamped {
    /// The time of the reading that caused the update, s (increasing from update to update; a counted step's own
    /// time may be earlier).
    public var t: Double
    /// The step counted with this update; nil when only `tentativeSteps` changed.
    public var step: Step?
    /// Tentative steps pending after this update, neither counted nor withdrawn yet (0 with a hardware counter). It
    /// goes down when they are withdrawn: the walk was recognised (its counted steps, from its first, follow at
    /// once) or the motion was no walk.
    public var tentativeSteps: Int
    /// The floors this update's step completed while walking (`FlightCounter`): positive climbed, negative
    /// descended, mostly 0; nil without a barometer and on updates without a counted step.
    public var floors: Int?

    /// An update at `t` with the counted `step`, if any, `tentativeSteps` pending and the `floors` its step
    /// completed.
    public init(t: Double, step: Step?, tentativeSteps: Int, floors: Int? = nil) {
        self.t = t
        self.step = step
        self.tentativeSteps = tentativeSteps
        self.floors = floors
    }
}
