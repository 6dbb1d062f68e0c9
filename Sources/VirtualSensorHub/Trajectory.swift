import Foundation

/// What a device truly does at one instant: the ground truth the virtual sensors are generated from and the
/// scenarios assert against. Device frame (x right, y up, z out of the screen), SI units (DESIGN.md).
public struct MotionTruth: Equatable, Sendable {
    /// Attitude: rotates device-frame vectors into ENU.
    public var attitude: Rotation
    /// Angular velocity in the device frame, rad/s.
    public var angularVelocity: Vector3
    /// Specific force in the device frame, m/s² (flat and still: (0, 0, +9.80665)).
    public var specificForce: Vector3
    /// Magnetic field in the device frame, µT.
    public var magneticField: Vector3
}

/// Scripted motions with closed-form ground truth. Every trajectory turns the device about its own origin, so the
/// specific force is gravity's reaction rotated into the device frame.
public enum Trajectory: String, CaseIterable, Sendable {
    /// Flat, screen up, top towards north, still.
    case rest
    /// Still, tilted: 25° about x, then −15° about y (see ``tiltAttitude``).
    case tilt
    /// Flat, turning about z at 30 °/s.
    case rotate
    /// Rocking about x: 20° amplitude at 0.25 Hz.
    case sway

    /// Standard gravity, m/s².
    public static let gravity = 9.80665
    /// The reference magnetic field in ENU, µT: 20 north, 45 down (about 49 µT, a mid-latitude field).
    public static let earthField = Vector3(0, 20, -45)
    /// The attitude of ``tilt``.
    public static let tiltAttitude =
        Rotation(axis: Vector3(1, 0, 0), angle: 25 * .pi / 180) * Rotation(axis: Vector3(0, 1, 0), angle: -15 * .pi / 180)
    /// The turn rate of ``rotate``, rad/s.
    public static let rotateRate = 30 * Double.pi / 180
    /// Amplitude (rad) and frequency (Hz) of ``sway``.
    public static let swayAmplitude = 20 * Double.pi / 180
    public static let swayFrequency = 0.25

    /// The ground truth `t` seconds after the trajectory starts.
    public func truth(at t: Double) -> MotionTruth {
        let attitude: Rotation
        let angularVelocity: Vector3
        switch self {
        case .rest:
            attitude = .identity
            angularVelocity = .zero
        case .tilt:
            attitude = Self.tiltAttitude
            angularVelocity = .zero
        case .rotate:
            attitude = Rotation(axis: Vector3(0, 0, 1), angle: Self.rotateRate * t)
            angularVelocity = Vector3(0, 0, Self.rotateRate)
        case .sway:
            let phase = 2 * Double.pi * Self.swayFrequency * t
            attitude = Rotation(axis: Vector3(1, 0, 0), angle: Self.swayAmplitude * sin(phase))
            angularVelocity = Vector3(Self.swayAmplitude * 2 * .pi * Self.swayFrequency * cos(phase), 0, 0)
        }
        let toDevice = attitude.inverse
        return MotionTruth(
            attitude: attitude,
            angularVelocity: angularVelocity,
            specificForce: toDevice.rotate(Vector3(0, 0, Self.gravity)),
            magneticField: toDevice.rotate(Self.earthField)
        )
    }
}
