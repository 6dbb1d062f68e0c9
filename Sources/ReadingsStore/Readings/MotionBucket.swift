import Pedometry

/// The motion summary of one bucket of a history: a minute, a local hour or a local day, or a whole range.
public struct MotionBucket: Sendable, Hashable {
    /// The bucket's first instant, Unix time, s (clipped to the range asked for).
    public var start: Double
    /// The first instant after the bucket, Unix time, s (clipped to the range asked for).
    public var end: Double
    /// The mean magnitude of the user acceleration over the motion samples, m/s²; nil without samples.
    public var meanUserAcceleration: Double?
    /// The activity of most of the bucket's motion samples; nil without samples.
    public var activity: Activity?
    /// Motion samples in the bucket, per activity.
    public var samples: [Activity: Int]
    /// Minutes of the bucket with motion readings.
    public var minutes: Int

    public init(
        start: Double, end: Double, meanUserAcceleration: Double?, activity: Activity?, samples: [Activity: Int],
        minutes: Int
    ) {
        self.start = start
        self.end = end
        self.meanUserAcceleration = meanUserAcceleration
        self.activity = activity
        self.samples = samples
        self.minutes = minutes
    }
}
