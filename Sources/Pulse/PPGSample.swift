/// One sample of a photoplethysmogram: the pulse wave at an instant, the way `BeatDetector` takes it.
public struct PPGSample: Sendable, Hashable {
    /// Time of the sample, s (any origin: a recording's `t`, a capture's clock).
    public var t: Double
    /// The pulse wave in any unit, oriented so that it rises at systole: a pulse oximeter's pleth as it is, a
    /// photodiode's intensity negated (light falls as blood arrives). NaN where the signal is unusable.
    public var value: Double

    /// A sample of `value` at `t` seconds.
    public init(t: Double, value: Double) {
        self.t = t
        self.value = value
    }
}

extension BeatDetector {
    /// Feeds one sample (see `update(time:value:)`).
    @inlinable
    public mutating func update(_ sample: PPGSample) -> Beat? {
        update(time: sample.t, value: sample.value)
    }
}
