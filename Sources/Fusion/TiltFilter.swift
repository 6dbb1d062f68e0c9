import MotionMath

/// Device motion from an accelerometer without a gyroscope (a 2-in-1 laptop's screen-rotation sensor, a board without
/// one), with a magnetometer when there is one (an e-compass chip such as the FXOS8700 or KMX61, or a separate one):
/// gravity, roll and pitch, and with the magnetometer the heading; nothing else is measured.
///
/// - gravity: the accelerometer's specific force through a first-order low pass of ``timeConstant`` (0.1 s): it lags
///   a tilt by about that much and any acceleration of the device disturbs it, since nothing tells gravity from
///   motion without a gyroscope;
/// - attitude: the rotation with the roll and pitch that bring gravity to +z; its heading is the tilt-compensated
///   compass's (the field, low-passed the same way in the device frame, turned by roll and pitch into the horizontal
///   plane, its horizontal part brought to north, +y: the reference frame is then ENU, as with a gyroscope) once a
///   magnetometer reading came, else 0 (nothing measures it). A magnet near by turns it at once: there is no
///   gyroscope to tell a disturbed field from a turn;
/// - rotation rate, user acceleration and gyroscope bias: NaN, unknown (JSON lines write them as `null`).
public struct TiltFilter: Sendable {
    /// The time constant of both low passes (gravity and the field), s.
    public let timeConstant: Double
    private var gravity = LowPass()
    private var field = LowPass()

    public init(timeConstant: Double = 0.1) {
        self.timeConstant = timeConstant
    }

    /// The estimate after an accelerometer reading (m/s², device frame) taken at `t` seconds.
    public mutating func update(t: Double, accelerometer: Vector3) -> MotionEstimate {
        let estimate = gravity.step(t: t, accelerometer, timeConstant: timeConstant)
        let roll = Elementary.atan2(estimate.y, estimate.z)
        let pitch = Elementary.atan2(-estimate.x, (estimate.y * estimate.y + estimate.z * estimate.z).squareRoot())
        let unknown = Vector3(repeating: .nan)
        return MotionEstimate(
            t: t, attitude: Quaternion(roll: roll, pitch: pitch, yaw: heading(roll: roll, pitch: pitch)),
            rotationRate: unknown, gravity: estimate, userAcceleration: unknown, gyroBias: unknown, isResting: false,
            isMagneticallyDisturbed: false)
    }

    /// Takes a magnetometer reading (any unit, device frame) taken at `t` seconds into the heading of the following
    /// accelerometer updates. A non-finite or all-zero reading is ignored.
    public mutating func update(t: Double, magnetometer: Vector3) {
        guard magnetometer.isFinite, magnetometer != .zero else { return }
        _ = field.step(t: t, magnetometer, timeConstant: timeConstant)
    }

    /// The yaw (rad, counter-clockwise about z) that turns the field, levelled by `roll` and `pitch`, to north; 0
    /// before a magnetometer reading or while the field is vertical.
    private func heading(roll: Double, pitch: Double) -> Double {
        guard let value = field.value else { return 0 }
        let level = Quaternion(roll: roll, pitch: pitch, yaw: 0).rotate(value)
        guard level.x != 0 || level.y != 0 else { return 0 }
        return Elementary.atan2(level.x, level.y)
    }

    /// A first-order low pass of a vector over irregularly spaced samples: the first sample as it is, then each
    /// moves the output by dt / (τ + dt) of the way to it.
    private struct LowPass: Sendable {
        private(set) var value: Vector3?
        private var lastT = 0.0

        mutating func step(t: Double, _ input: Vector3, timeConstant: Double) -> Vector3 {
            var output = input
            if let previous = value {
                let dt = max(0, t - lastT)
                output = previous + (input - previous) * (dt / (timeConstant + dt))
            }
            value = output
            lastT = t
            return output
        }
    }
}
