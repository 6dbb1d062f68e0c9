import Pulse

/// The heart rate at an instant, as `HeartRateMonitor` reports it every `heartRateUpdateInterval`: the smoothed rate
/// of the latest beat while that beat is recent, and how much it can be trusted.
public struct HeartRateSample: Sendable, Hashable, Timestamped {
    /// When, s, on the samples' clock.
    public var t: Double
    /// The heart rate, beats/min: the latest beat's smoothed heart rate while that beat is at most
    /// `HeartRateProcessor.hold` seconds old; nil when there is none (no pulse, a poor or irregular latest beat, the
    /// first seconds while the detector learns). Never a made-up value.
    public var heartRate: Double?
    /// The latest beat's quality while it is recent; nil when no beat came for `HeartRateProcessor.hold` seconds
    /// (no pulse: finger off, sensor covered, or the detector still learning).
    public var quality: BeatQuality?

    /// A sample with the given fields (units as documented on the properties).
    public init(t: Double, heartRate: Double?, quality: BeatQuality?) {
        self.t = t
        self.heartRate = heartRate
        self.quality = quality
    }
}
