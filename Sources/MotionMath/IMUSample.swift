/// One timestamped reading of an inertial measurement unit, in the units and device frame of docs/formats.md.
public struct IMUSample: Sendable, Hashable {
    /// Timestamp in seconds (any origin; only differences matter). Must increase from sample to sample.
    public var t: Double
    /// Specific force in m/s², device frame: lying flat, screen up, ≈ (0, 0, +9.81).
    public var accelerometer: Vector3
    /// Angular velocity in rad/s, device frame.
    public var gyroscope: Vector3
    /// Magnetic field in µT, device frame, or nil when there is no magnetometer (6D fusion).
    public var magnetometer: Vector3?

    @inlinable
    public init(t: Double, accelerometer: Vector3, gyroscope: Vector3, magnetometer: Vector3? = nil) {
        self.t = t
        self.accelerometer = accelerometer
        self.gyroscope = gyroscope
        self.magnetometer = magnetometer
    }
}
