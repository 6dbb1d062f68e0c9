/// One sample of the simulated PPG with its ground truth.
public struct SimulatedPPGSample: Sendable, Hashable {
    /// Sample time, s (jittered when `PulseSimulator.Settings.timestampJitter` is set).
    public var t: Double
    /// The sensor value, in the units of `Settings.fullScale` (clipped to 0…fullScale).
    public var value: Double
    /// The onset (foot) of a heartbeat's pulse that fell after the previous sample and at or before this one, s; nil
    /// otherwise. The pulse rises fastest (where detectors time a beat) 0.17 RR after its onset.
    public var beat: Double?
    /// The true instantaneous heart rate at `t`, beats/min.
    public var heartRate: Double
    /// What the sensor sees at this sample.
    public var condition: SignalCondition
}
