/// One recorded sample as the segmentation helpers need it: time, raw specific force, raw angular velocity and,
/// when the device has one, raw magnetic field.
public struct InertialSample: Sendable, Equatable {
    /// Time, s (any origin, increasing).
    public var time: Double
    /// Specific force, m/s².
    public var accelerometer: SIMD3<Double>
    /// Angular velocity, rad/s.
    public var gyroscope: SIMD3<Double>
    /// Magnetic field, µT, or nil.
    public var magnetometer: SIMD3<Double>?

    /// Creates a sample.
    public init(
        time: Double, accelerometer: SIMD3<Double>, gyroscope: SIMD3<Double>, magnetometer: SIMD3<Double>? = nil
    ) {
        self.time = time
        self.accelerometer = accelerometer
        self.gyroscope = gyroscope
        self.magnetometer = magnetometer
    }
}
