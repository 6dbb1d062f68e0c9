/// What a `Pedometer` reports since its updates started, like CoreMotion's `CMPedometerData`.
public struct PedometerData: Sendable, Hashable {
    /// The time of the first step counted since the updates started, s, on the samples' clock.
    public var startDate: Double
    /// The time of the latest step, s.
    public var endDate: Double
    /// Steps since the updates started.
    public var numberOfSteps: Int
    /// Distance walked since the updates started, m: steps × the step length (`StepDetector.Settings.stepLength`,
    /// by default 0.414 × height).
    public var distance: Double
    /// The cadence at the latest step, steps/s (CoreMotion's unit; the `steps` output says steps/min).
    public var currentCadence: Double
    /// Seconds per metre while walking (CoreMotion's `averageActivePace`): the time between consecutive steps at
    /// most `Pedometer.pauseLimit` apart, over their distance; nil before two such steps.
    public var averageActivePace: Double?

    /// Data with the given fields (units as documented on the properties).
    public init(
        startDate: Double, endDate: Double, numberOfSteps: Int, distance: Double, currentCadence: Double,
        averageActivePace: Double?
    ) {
        self.startDate = startDate
        self.endDate = endDate
        self.numberOfSteps = numberOfSteps
        self.distance = distance
        self.currentCadence = currentCadence
        self.averageActivePace = averageActivePace
    }
}
