/// How a pulse sensor channel's ADC counts follow the served pulse: `counts = baseline × (1 − depth × pulse(t))`,
/// with `pulse` the normalised waveform (0 at the diastolic trough, 1 at the systolic peak, `PulseWaveform`). Light
/// reaching the photodiode falls at systole, as on a real finger.
public struct IntensityProfile: Sendable, Hashable {
    /// Counts with no pulse (the light through bloodless tissue, plus ambient light).
    public var baseline: Double
    /// The pulse's share of the light, dimensionless (about 0.01–0.03 at a fingertip; 0 for an ambient channel).
    public var depth: Double

    /// A profile with `baseline` counts modulated by `depth`.
    public init(baseline: Double, depth: Double) {
        self.baseline = baseline
        self.depth = depth
    }

    /// The counts at pulse value `pulse` (0…1).
    public func counts(pulse: Double) -> Double { baseline * (1 - depth * pulse) }
}
