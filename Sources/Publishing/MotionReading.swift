import MotionMath

/// One fused device-motion update to publish on `imu/data` (the pipeline's estimate, in docs/formats.md's frames and
/// units).
public struct MotionReading: Sendable, Hashable {
    /// Time of the update, s, on the readings' clock.
    public var t: Double
    /// Unit quaternion rotating device-frame vectors into the reference frame (ENU).
    public var attitude: Quaternion
    /// Gyroscope minus the estimated bias, device frame, rad/s.
    public var rotationRate: Vector3
    /// Gravity in the device frame, m/s², the accelerometer's sign (flat, screen up: (0, 0, +9.81)).
    public var gravity: Vector3
    /// Measured acceleration minus gravity, device frame, m/s².
    public var userAcceleration: Vector3

    public init(t: Double, attitude: Quaternion, rotationRate: Vector3, gravity: Vector3, userAcceleration: Vector3) {
        self.t = t
        self.attitude = attitude
        self.rotationRate = rotationRate
        self.gravity = gravity
        self.userAcceleration = userAcceleration
    }
}
