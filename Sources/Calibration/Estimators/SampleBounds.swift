import MotionMath

/// The readings a calibration accepts: finite, and within the widest full-scale range of the MEMS parts this
/// toolkit meets — accelerometers ±16 g and gyroscopes ±2000 °/s (bmi160, st_lsm6dsx, inv_icm42600, inv_mpu6050;
/// the fusion filter rejects beyond the same bounds), magnetometers ±4900 µT (AK8963, the widest common range). A
/// reading beyond them is a driver or scale error, not a measurement: the estimators and guided procedures skip it
/// and count it, so that one bad sample neither poisons an average (a NaN makes every later prefix sum NaN) nor
/// passes for a still one.
public enum SampleBounds {
    /// Largest accelerometer component accepted, m/s² (16 g).
    public static let accelerometer = 16 * 9.80665
    /// Largest gyroscope component accepted, rad/s (2000 °/s).
    public static let gyroscope = 2000 * Double.pi / 180
    /// Largest magnetometer component accepted, µT.
    public static let magnetometer = 4900.0

    /// True when every vector of `sample` is finite and within its bound (a missing magnetometer is fine).
    public static func accepts(_ sample: IMUSample) -> Bool {
        accepts(accelerometer: sample.accelerometer) && accepts(gyroscope: sample.gyroscope)
            && sample.magnetometer.map(accepts(magnetometer:)) ?? true
    }

    /// True for a finite accelerometer reading within ±16 g.
    public static func accepts(accelerometer value: Vector3) -> Bool { within(value, accelerometer) }

    /// True for a finite gyroscope reading within ±2000 °/s.
    public static func accepts(gyroscope value: Vector3) -> Bool { within(value, gyroscope) }

    /// True for a finite magnetometer reading within ±4900 µT.
    public static func accepts(magnetometer value: Vector3) -> Bool { within(value, magnetometer) }

    private static func within(_ value: Vector3, _ bound: Double) -> Bool {
        value.isFinite && value.maxMagnitude <= bound
    }
}
