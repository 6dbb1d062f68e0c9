import MotionMath

/// One orientation in which the device was held still: the averaged raw accelerometer reading of one or more still
/// segments whose gravity directions agree.
public struct StillPose: Sendable, Equatable {
    /// Mean raw specific force, m/s².
    public var accelerometer: Vector3
    /// Number of samples averaged.
    public var samples: Int
    /// Per-axis standard deviation of the samples, m/s² (zero when unknown).
    public var noise: Vector3

    /// Creates a pose.
    public init(accelerometer: Vector3, samples: Int = 1, noise: Vector3 = .zero) {
        self.accelerometer = accelerometer
        self.samples = samples
        self.noise = noise
    }
}
