import Fusion
import MotionMath
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One fused device-motion update, like CoreMotion's `CMDeviceMotion`, in SI units and the frames of docs/formats.md
/// ("Conventions"): device frame x right, y up, z out of the screen; reference frame ENU with a magnetometer, else
/// z up with an arbitrary heading that starts at 0.
public struct DeviceMotion: Sendable, Hashable {
    /// Time of the sample this update was fused from, s (kernel timestamp, monotonic clock, or recording time).
    public var timestamp: Double
    /// Rotation of device-frame vectors into the reference frame (unit quaternion w, x, y, z). `roll`, `pitch` and
    /// `yaw` of `Quaternion` give Euler angles.
    public var attitude: Quaternion
    /// Angular velocity with the estimated gyroscope bias removed, rad/s, device frame.
    public var rotationRate: Vector3
    /// Gravity in the device frame, m/s², same sign as the accelerometer at rest (flat, screen up: (0, 0, +9.81)).
    public var gravity: Vector3
    /// Measured acceleration minus gravity, m/s², device frame.
    public var userAcceleration: Vector3
    /// Calibrated magnetic field, µT, device frame; nil without a magnetometer.
    public var magneticField: Vector3?
    /// Heading of the device's y axis (top of the screen) clockwise from magnetic north, degrees in [0, 360);
    /// nil without a magnetometer.
    public var heading: Double?
    /// The gyroscope bias the filter currently estimates, rad/s.
    public var gyroscopeBias: Vector3

    public init(
        timestamp: Double, attitude: Quaternion, rotationRate: Vector3, gravity: Vector3, userAcceleration: Vector3,
        magneticField: Vector3? = nil, heading: Double? = nil, gyroscopeBias: Vector3 = .zero
    ) {
        self.timestamp = timestamp
        self.attitude = attitude
        self.rotationRate = rotationRate
        self.gravity = gravity
        self.userAcceleration = userAcceleration
        self.magneticField = magneticField
        self.heading = heading
        self.gyroscopeBias = gyroscopeBias
    }

    /// The update for a filter estimate and the sample it came from. The heading is only set when the sample has a
    /// magnetometer reading (the reference frame is then ENU).
    public init(estimate: MotionEstimate, sample: IMUSample) {
        var heading: Double?
        if sample.magnetometer != nil {
            let top = estimate.attitude.rotate(Vector3(0, 1, 0))
            if top.x != 0 || top.y != 0 {
                var degrees = atan2(top.x, top.y) * 180 / Double.pi
                if degrees < 0 { degrees += 360 }
                heading = degrees >= 360 ? 0 : degrees
            }
        }
        self.init(
            timestamp: estimate.t, attitude: estimate.attitude, rotationRate: estimate.rotationRate,
            gravity: estimate.gravity, userAcceleration: estimate.userAcceleration,
            magneticField: sample.magnetometer, heading: heading, gyroscopeBias: estimate.gyroBias)
    }
}
