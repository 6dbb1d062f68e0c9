import MotionMath

/// What the attitude filter knows after one sample: CoreMotion's "device motion" (conventions of docs/formats.md).
public struct MotionEstimate: Sendable, Hashable {
    /// Timestamp of the sample, seconds.
    public var t: Double
    /// Unit quaternion rotating device-frame vectors into the reference frame: ENU with a magnetometer; without one,
    /// z up and the heading arbitrary (starting at 0).
    public var attitude: Quaternion
    /// Gyroscope minus the estimated bias (and corrected for the estimated scale-factor error, a few tenths of a
    /// percent at most), rad/s, device frame.
    public var rotationRate: Vector3
    /// Gravity in m/s², device frame, with the accelerometer's sign: flat, screen up, (0, 0, +9.81).
    public var gravity: Vector3
    /// Measured specific force minus gravity, m/s², device frame.
    public var userAcceleration: Vector3
    /// The estimated gyroscope bias, rad/s, device frame.
    public var gyroBias: Vector3
    /// True while the device is detected as resting (still).
    public var isResting: Bool
    /// True while the magnetic field is judged disturbed (heading then follows the gyroscope only).
    public var isMagneticallyDisturbed: Bool

    @inlinable
    public init(
        t: Double, attitude: Quaternion, rotationRate: Vector3, gravity: Vector3, userAcceleration: Vector3,
        gyroBias: Vector3, isResting: Bool, isMagneticallyDisturbed: Bool
    ) {
        self.t = t
        self.attitude = attitude
        self.rotationRate = rotationRate
        self.gravity = gravity
        self.userAcceleration = userAcceleration
        self.gyroBias = gyroBias
        self.isResting = isResting
        self.isMagneticallyDisturbed = isMagneticallyDisturbed
    }
}
