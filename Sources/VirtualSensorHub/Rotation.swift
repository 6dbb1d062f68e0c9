import Foundation

/// A unit quaternion (w, x, y, z) that rotates device-frame vectors into the reference frame (ENU), as DESIGN.md
/// defines attitude.
public struct Rotation: Equatable, Sendable {
    public var w: Double
    public var x: Double
    public var y: Double
    public var z: Double

    public init(w: Double, x: Double, y: Double, z: Double) {
        self.w = w
        self.x = x
        self.y = y
        self.z = z
    }

    /// No rotation: the device lies flat, screen up, top towards north.
    public static let identity = Rotation(w: 1, x: 0, y: 0, z: 0)

    /// A rotation by `angle` radians about the unit vector `axis` (right-handed).
    public init(axis: Vector3, angle: Double) {
        let s = sin(angle / 2)
        self.init(w: cos(angle / 2), x: axis.x * s, y: axis.y * s, z: axis.z * s)
    }

    /// Composition: `self * other` applies `other` first, then `self`.
    public static func * (a: Rotation, b: Rotation) -> Rotation {
        Rotation(
            w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
            x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
            y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
            z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w
        )
    }

    /// The inverse rotation (reference frame into device frame).
    public var inverse: Rotation { Rotation(w: w, x: -x, y: -y, z: -z) }

    /// Rotates `v`: q v q*.
    public func rotate(_ v: Vector3) -> Vector3 {
        // v' = v + 2 w (u × v) + 2 u × (u × v), u = (x, y, z)
        let u = Vector3(x, y, z)
        let t = 2.0 * cross(u, v)
        return v + w * t + cross(u, t)
    }

    private func cross(_ a: Vector3, _ b: Vector3) -> Vector3 {
        Vector3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }
}
