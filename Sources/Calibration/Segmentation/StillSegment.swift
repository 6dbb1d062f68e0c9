import MotionMath

/// A run of consecutive samples during which the device lay still.
public struct StillSegment: Sendable, Equatable {
    /// Indices of the samples in the stream that was segmented.
    public var range: Range<Int>
    /// Time of the first and last sample, s.
    public var startTime: Double
    /// Time of the last sample, s.
    public var endTime: Double
    /// Mean specific force, m/s².
    public var accelerometerMean: Vector3
    /// Per-axis standard deviation of the specific force, m/s².
    public var accelerometerNoise: Vector3
    /// Mean angular velocity, rad/s (the gyroscope bias, if the segment is truly still).
    public var gyroscopeMean: Vector3

    /// Creates a segment.
    public init(
        range: Range<Int>, startTime: Double, endTime: Double, accelerometerMean: Vector3,
        accelerometerNoise: Vector3, gyroscopeMean: Vector3
    ) {
        self.range = range
        self.startTime = startTime
        self.endTime = endTime
        self.accelerometerMean = accelerometerMean
        self.accelerometerNoise = accelerometerNoise
        self.gyroscopeMean = gyroscopeMean
    }

    /// Length, s.
    public var duration: Double { endTime - startTime }

    /// Number of samples.
    public var count: Int { range.count }
}
