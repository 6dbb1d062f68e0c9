import MotionMath

/// The exact motion of a simulated device at one instant: what an ideal IMU would measure and what an ideal attitude
/// filter would output, in the conventions of docs/formats.md.
///
/// Invariants (checked by the tests): `specificForce == gravity + userAcceleration`; `gravity` has the trajectory's
/// gravity magnitude; `angularVelocity` is the body rate of `attitude` (q̇ = ½ q ⊗ (0, ω)); `userAcceleration` is
/// the second derivative of `position` expressed in the device frame.
public struct MotionTruth: Sendable, Hashable {
    /// Time in seconds.
    public var t: Double
    /// Unit quaternion rotating device-frame vectors into the ENU reference frame.
    public var attitude: Quaternion
    /// Angular velocity of the device relative to ENU, in the device frame, rad/s (what an ideal gyroscope reads).
    public var angularVelocity: Vector3
    /// Specific force R^T (a_ENU + g·ẑ) in the device frame, m/s² (what an ideal accelerometer reads: lying flat,
    /// screen up, (0, 0, +g)).
    public var specificForce: Vector3
    /// The Earth's magnetic field in the device frame, µT (what an ideal magnetometer reads).
    public var magneticField: Vector3
    /// Gravity R^T (0, 0, g) in the device frame, m/s², with the accelerometer's sign (flat, screen up: (0, 0, +g)).
    public var gravity: Vector3
    /// Linear acceleration R^T a_ENU in the device frame, m/s² (specific force minus gravity).
    public var userAcceleration: Vector3
    /// Position in the ENU frame, m (relative to the trajectory's origin).
    public var position: Vector3
    /// Velocity in the ENU frame, m/s.
    public var velocity: Vector3

    public init(
        t: Double, attitude: Quaternion, angularVelocity: Vector3, specificForce: Vector3, magneticField: Vector3,
        gravity: Vector3, userAcceleration: Vector3, position: Vector3, velocity: Vector3
    ) {
        self.t = t
        self.attitude = attitude
        self.angularVelocity = angularVelocity
        self.specificForce = specificForce
        self.magneticField = magneticField
        self.gravity = gravity
        self.userAcceleration = userAcceleration
        self.position = position
        self.velocity = velocity
    }
}
