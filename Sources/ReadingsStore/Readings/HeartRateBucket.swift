/// The heart rate of one bucket of a history: a minute, a local hour or a local day, or a whole range.
public struct HeartRateBucket: Sendable, Hashable {
    /// The bucket's first instant, Unix time, s (clipped to the range asked for).
    public var start: Double
    /// The first instant after the bucket, Unix time, s (clipped to the range asked for).
    public var end: Double
    /// The mean of the heart-rate samples, beats/min; nil when there were none (beats without a trusted rate).
    public var mean: Double?
    /// The lowest heart-rate sample, beats/min; nil without samples.
    public var minimum: Double?
    /// The highest heart-rate sample, beats/min; nil without samples.
    public var maximum: Double?
    /// Heart-rate samples in the bucket.
    public var samples: Int
    /// Beats detected in the bucket, whatever their quality.
    public var beats: Int
    /// Minutes of the bucket with heart-rate readings.
    public var minutes: Int

    public init(
        start: Double, end: Double, mean: Double?, minimum: Double?, maximum: Double?, samples: Int, beats: Int,
        minutes: Int
    ) {
        self.start = start
        self.end = end
        self.mean = mean
        self.minimum = minimum
        self.maximum = maximum
        self.samples = samples
        self.beats = beats
        self.minutes = minutes
    }
}
