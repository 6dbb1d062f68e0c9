/// One heartbeat to publish on `heart_rate`.
public struct HeartRateReading: Sendable, Hashable {
    /// Time of the beat, s, on the readings' clock.
    public var t: Double
    /// Smoothed heart rate, beats/min; nil when the beat is not trusted enough to carry one.
    public var heartRate: Double?
    /// Time since the previous beat, s; nil after a start or a gap.
    public var rrInterval: Double?
    /// `good`, `irregular` or `poor`.
    public var quality: String

    public init(t: Double, heartRate: Double?, rrInterval: Double?, quality: String) {
        self.t = t
        self.heartRate = heartRate
        self.rrInterval = rrInterval
        self.quality = quality
    }
}
