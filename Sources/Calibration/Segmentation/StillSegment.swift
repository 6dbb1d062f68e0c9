/// A run of consecutive samples during which the device lay still.
public struct StillSegment: Sendable, Equatable {
    /// Indices of the samples in the stream that was segmented.
    public var range: Range<Int>
    /// Time of the first and last sample, s.
    public var startTime: Double
    /// Time of the last sample, s.
    public var endTime: Double
    /// Mean specific force, m/s².
    public var accelerometerMean: SIMD3<Double>
    /// Per-axis standard deviation of the specific force, m/s².
    public var accelerometerNoise: SIMD3<Double>
    /// Mean angular velocity, rad/s (the gyroscope bias, if the segment is truly still).
    public var gyroscopeMean: SIMD3<Double>

    /// Creates a segment.
    public init(
        range: Range<Int>, startTime: Double, endTime: Double, accelerometerMean: SIMD3<Double>,
        accelerometerNoise: SIMD3<Double>, gyroscopeMean: SIMD3<Double>
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
