import MotionMath

/// Device motion from an accelerometer alone (a 2-in-1 laptop's screen-rotation sensor, a board without a
/// gyroscope): gravity, and the attitude's roll and pitch from it; nothing else is measured.
///
/// - gravity: the accelerometer's specific force through a first-order low pass of ``timeConstant`` (0.1 s): it lags
///   a tilt by about that much and any acceleration of the device disturbs it, since nothing tells gravity from
///   motion without a gyroscope;
/// - attitude: the rotation with the roll and pitch that bring gravity to +z, its heading fixed at 0 (nothing
///   measures it);
/// - rotation rate, user acceleration and gyroscope bias: NaN, unknown (JSON lines write them as `null`).
public struct TiltFilter: Sendable {
    /// The low pass's time constant, s.
    public let timeConstant: Double
    private var gravity: Vector3?
    private var lastT = 0.0

    public init(timeConstant: Double = 0.1) {
        self.timeConstant = timeConstant
    }

    /// The estimate after an accelerometer reading (m/s², device frame) taken at `t` seconds.
    public mutating func update(t: Double, accelerometer: Vector3) -> MotionEstimate {
        var estimate = accelerometer
        if let previous = gravity {
            let dt = max(0, t - lastT)
            let alpha = dt / (timeConstant + dt)
            estimate = previous + (accelerometer - previous) * alpha
        }
        gravity = estimate
        lastT = t
        let roll = Elementary.atan2(estimate.y, estimate.z)
        let pitch = Elementary.atan2(-estimate.x, (estimate.y * estimate.y + estimate.z * estimate.z).squareRoot())
        let unknown = Vector3(repeating: .nan)
        return MotionEstimate(
            t: t, attitude: Quaternion(roll: roll, pitch: pitch, yaw: 0), rotationRate: unknown, gravity: estimate,
            userAcceleration: unknown, gyroBias: unknown, isResting: false, isMagneticallyDisturbed: false)
    }
}
