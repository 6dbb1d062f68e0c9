/// One orientation in which the device was held still: the averaged raw accelerometer reading of one or more still
/// segments whose gravity directions agree.
public struct StillPose: Sendable, Equatable {
    /// Mean raw specific force, m/s².
    public var accelerometer: SIMD3<Double>
    /// Number of samples averaged.
    public var samples: Int
    /// Per-axis standard deviation of the samples, m/s² (zero when unknown).
    public var noise: SIMD3<Double>

    /// Creates a pose.
    public init(accelerometer: SIMD3<Double>, samples: Int = 1, noise: SIMD3<Double> = .zero) {
        self.accelerometer = accelerometer
        self.samples = samples
        self.noise = noise
    }
}
