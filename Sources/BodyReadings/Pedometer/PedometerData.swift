/// What a `Pedometer` reports since its updates started, like CoreMotion's `CMPedometerData`: the counted steps
/// (fields as CoreMotion's), and the tentative steps pending beside them (`tentativeSteps`, this library's own).
public struct PedometerData: Sendable, Hashable {
    /// The time of the first step counted since the updates started, s, on the samples' clock.
    public var startDate: Double
    /// The time of the latest step, s.
    public var endDate: Double
    /// Steps counted since the updates started: final, never taken back, and up to
    /// `StepDetector.Settings.lockInWindow` (20 s) late for the first steps of a walk (see `tentativeSteps`).
    public var numberOfSteps: Int
    /// Distance walked since the updates started, m: steps × the step length (`StepDetector.Settings.stepLength`,
    /// by default 0.414 × height).
    public var distance: Double
    /// The cadence at the latest step, steps/s (CoreMotion's unit; the `steps` output says steps/min).
    public var currentCadence: Double
    /// Seconds per metre while walking (CoreMotion's `averageActivePace`): the time between consecutive steps at
    /// most `Pedometer.pauseLimit` apart, over their distance; nil before two such steps.
    public var averageActivePace: Double?
    /// Steps shown provisionally beside `numberOfSteps`: the step detector's tentative steps pending in the capture
    /// (`StepUpdate.tentativeSteps`), the steps of a walk not recognised yet, each reported 0.2–0.3 s after it
    /// happened. Not counted, and not in `distance`: when the walk is recognised they are withdrawn (this drops to 0)
    /// and its counted steps follow at once, from its first; when the motion turns out to be no walk they are
    /// withdrawn and this goes down without steps following. Always 0 with a hardware step counter.
    public var tentativeSteps: Int
    /// Floors climbed up while walking since the updates started (CoreMotion's `floorsAscended`): a floor is
    /// `FlightCounter.Settings.floorHeight` (3 m) of the barometer's altitude between steps; lifts and pressure
    /// changes at rest count none. Nil when the source has no barometer.
    public var floorsAscended: Int?
    /// Floors walked down since the updates started; nil when the source has no barometer.
    public var floorsDescended: Int?

    /// The count to show a person now, within 1 s of the steps: `numberOfSteps + tentativeSteps`. It may go down
    /// (tentative steps withdrawn); `numberOfSteps` is the count of record.
    public var liveSteps: Int { numberOfSteps + tentativeSteps }

    /// Data with the given fields (units as documented on the properties).
    public init(
        startDate: Double, endDate: Double, numberOfSteps: Int, distance: Double, currentCadence: Double,
        averageActivePace: Double?, tentativeSteps: Int = 0, floorsAscended: Int? = nil, floorsDescended: Int? = nil
    ) {
        self.startDate = startDate
        self.endDate = endDate
        self.numberOfSteps = numberOfSteps
        self.distance = distance
        self.currentCadence = currentCadence
        self.averageActivePace = averageActivePace
        self.tentativeSteps = tentativeSteps
        self.floorsAscended = floorsAscended
        self.floorsDescended = floorsDescended
    }
}
