/// One heartbeat found in a PPG signal.
public struct Beat: Sendable, Hashable {
    /// When the beat's pulse rose fastest (its systolic upstroke), s, on the samples' clock. The pulse reaches the
    /// finger a pulse transit time (typically 0.15–0.3 s) after the heart's R wave.
    public var t: Double
    /// Time since the previous detected beat, s; nil for the first beat after a start or a gap.
    public var rrInterval: Double?
    /// The smoothed heart rate, beats/min: 60 · n / Σ RR over the intervals of the last `Settings.smoothingTime`
    /// (8 s) that agreed with the rhythm. Only set when `quality` is `.good`; never a made-up value.
    public var heartRate: Double?
    /// How much this beat can be trusted.
    public var quality: BeatQuality

    /// 60 / `rrInterval`, beats/min: the instantaneous heart rate, whatever the quality (nil without an interval).
    public var instantaneousHeartRate: Double? {
        rrInterval.map { 60 / $0 }
    }

    /// A beat with the given fields (units as documented on the properties).
    public init(t: Double, rrInterval: Double?, heartRate: Double?, quality: BeatQuality) {
        self.t = t
        self.rrInterval = rrInterval
        self.heartRate = heartRate
        self.quality = quality
    }
}
