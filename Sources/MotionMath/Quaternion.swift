/// A rotation as a unit quaternion (w, x, y, z), Hamilton convention.
///
/// In this toolkit an attitude quaternion rotates device-frame vectors into the reference frame (ENU):
/// `v_ref = q.rotate(v_device)` = q ⊗ (0, v) ⊗ q*. Composition follows the Hamilton product: `a * b` first rotates by
/// `b`, then by `a`. Never traps; NaN propagates.
@frozen
public struct Quaternion: Sendable, Hashable {
    /// The scalar part.
    public var w: Double
    /// The vector part.
    public var x: Double
    public var y: Double
    public var z: Double

    /// A quaternion from its components (not normalised).
    @inlinable @inline(__always)
    public init(w: Double, x: Double, y: Double, z: Double) {
        self.w = w
        self.x = x
        self.y = y
        self.z = z
    }

    /// The identity rotation (1, 0, 0, 0).
    @inlinable @inline(__always)
    public static var identity: Quaternion { Quaternion(w: 1, x: 0, y: 0, z: 0) }

    /// The rotation by `angle` radians about `axis` (right-hand rule). The axis need not be unit length.
    ///
    /// Edge cases: a zero (or non-finite-length) axis gives the identity.
    @inlinable
    public init(axis: Vector3, angle: Double) {
        let n = axis.norm
        guard n > 0, n.isFinite else {
            self = .identity
            return
        }
        let (s, c) = Elementary.sincos(0.5 * angle)
        let u = axis * (s / n)
        self.init(w: c, x: u.x, y: u.y, z: u.z)
    }

    /// The rotation whose axis is the direction of `r` and whose angle is |r| radians (the exponential map).
    ///
    /// Below 0.05 rad (a gyroscope increment up to 50 rad/s at 1 kHz) it uses the Taylor series of sin(a/2)/a and
    /// cos(a/2) to the a⁶ term, which is exact to double precision there and needs no trigonometry.
    @inlinable @inline(__always)
    public init(rotationVector r: Vector3) {
        let a2 = r.squaredNorm
        if a2 < 0.0025 {
            // sin(a/2)/a = 1/2 − a²/48 + a⁴/3840 − a⁶/645120; cos(a/2) = 1 − a²/8 + a⁴/384 − a⁶/46080.
            let s = 0.5 + a2 * (-1.0 / 48 + a2 * (1.0 / 3840 - a2 * (1.0 / 645_120)))
            let c = 1 + a2 * (-0.125 + a2 * (1.0 / 384 - a2 * (1.0 / 46080)))
            self.init(w: c, x: r.x * s, y: r.y * s, z: r.z * s)
        } else {
            let angle = a2.squareRoot()
            let (sh, ch) = Elementary.sincos(0.5 * angle)
            let s = sh / angle
            self.init(w: ch, x: r.x * s, y: r.y * s, z: r.z * s)
        }
    }

    /// The rotation with these ZYX Euler angles (radians): yaw about z, then pitch about the new y, then roll about
    /// the new x, i.e. q = Rz(yaw) · Ry(pitch) · Rx(roll).
    @inlinable
    public init(roll: Double, pitch: Double, yaw: Double) {
        let (sr, cr) = Elementary.sincos(0.5 * roll)
        let (sp, cp) = Elementary.sincos(0.5 * pitch)
        let (sy, cy) = Elementary.sincos(0.5 * yaw)
        self.init(
            w: cy * cp * cr + sy * sp * sr,
            x: cy * cp * sr - sy * sp * cr,
            y: cy * sp * cr + sy * cp * sr,
            z: sy * cp * cr - cy * sp * sr)
    }

    /// The rotation from a rotation matrix (device → reference columns), by Shepperd's method.
    ///
    /// Edge cases: the matrix is assumed orthonormal; the result is normalised and has w ≥ 0.
    @inlinable
    public init(rotationMatrix m: Matrix3) {
        let trace = m.trace
        var q: Quaternion
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = Quaternion(w: 0.25 * s, x: (m[2, 1] - m[1, 2]) / s, y: (m[0, 2] - m[2, 0]) / s, z: (m[1, 0] - m[0, 1]) / s)
        } else if m[0, 0] > m[1, 1] && m[0, 0] > m[2, 2] {
            let s = (1 + m[0, 0] - m[1, 1] - m[2, 2]).squareRoot() * 2
            q = Quaternion(w: (m[2, 1] - m[1, 2]) / s, x: 0.25 * s, y: (m[0, 1] + m[1, 0]) / s, z: (m[0, 2] + m[2, 0]) / s)
        } else if m[1, 1] > m[2, 2] {
            let s = (1 + m[1, 1] - m[0, 0] - m[2, 2]).squareRoot() * 2
            q = Quaternion(w: (m[0, 2] - m[2, 0]) / s, x: (m[0, 1] + m[1, 0]) / s, y: 0.25 * s, z: (m[1, 2] + m[2, 1]) / s)
        } else {
            let s = (1 + m[2, 2] - m[0, 0] - m[1, 1]).squareRoot() * 2
            q = Quaternion(w: (m[1, 0] - m[0, 1]) / s, x: (m[0, 2] + m[2, 0]) / s, y: (m[1, 2] + m[2, 1]) / s, z: 0.25 * s)
        }
        if q.w < 0 { q = -q }
        self = q.normalized
    }

    /// The vector part (x, y, z).
    @inlinable @inline(__always)
    public var vector: Vector3 { Vector3(x, y, z) }

    /// The squared norm w² + x² + y² + z².
    @inlinable @inline(__always)
    public var squaredNorm: Double { w * w + x * x + y * y + z * z }

    /// The norm.
    @inlinable @inline(__always)
    public var norm: Double { squaredNorm.squareRoot() }

    /// The quaternion scaled to norm 1. Edge cases: a zero or non-finite quaternion is returned unchanged.
    @inlinable @inline(__always)
    public var normalized: Quaternion {
        let n = norm
        guard n > 0, n.isFinite else { return self }
        let s = 1 / n
        return Quaternion(w: w * s, x: x * s, y: y * s, z: z * s)
    }

    /// The quaternion brought back to norm 1 when it is already within about 1e-6 of it (as after multiplying unit
    /// quaternions), by one Newton step for 1/√n² around 1: no square root, no division.
    ///
    /// Edge cases: far from unit norm this under-corrects; use `normalized` there.
    @inlinable @inline(__always)
    public var renormalized: Quaternion {
        let s = 0.5 * (3 - squaredNorm)
        return Quaternion(w: w * s, x: x * s, y: y * s, z: z * s)
    }

    /// The conjugate (w, −x, −y, −z): the inverse rotation for a unit quaternion.
    @inlinable @inline(__always)
    public var conjugate: Quaternion { Quaternion(w: w, x: -x, y: -y, z: -z) }

    /// The inverse rotation (same as `conjugate` for a unit quaternion).
    @inlinable @inline(__always)
    public var inverse: Quaternion { conjugate }

    /// True when all four components are finite.
    @inlinable @inline(__always)
    public var isFinite: Bool { w.isFinite && x.isFinite && y.isFinite && z.isFinite }

    /// The Hamilton product: `a * b` rotates by `b`, then by `a`.
    @inlinable @inline(__always)
    public static func * (a: Quaternion, b: Quaternion) -> Quaternion {
        Quaternion(
            w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
            x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
            y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
            z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w)
    }

    /// The same rotation with all four signs flipped.
    @inlinable @inline(__always)
    public static prefix func - (q: Quaternion) -> Quaternion { Quaternion(w: -q.w, x: -q.x, y: -q.y, z: -q.z) }

    /// Rotates `v` by this (unit) quaternion: q ⊗ (0, v) ⊗ q*.
    @inlinable @inline(__always)
    public func rotate(_ v: Vector3) -> Vector3 {
        // v' = v + 2w(u × v) + 2u × (u × v), with u the vector part.
        let u = vector
        let t = 2 * u.cross(v)
        return v + w * t + u.cross(t)
    }

    /// Rotates `v` by the inverse of this (unit) quaternion: q* ⊗ (0, v) ⊗ q.
    @inlinable @inline(__always)
    public func inverseRotate(_ v: Vector3) -> Vector3 {
        let u = -vector
        let t = 2 * u.cross(v)
        return v + w * t + u.cross(t)
    }

    /// The rotation matrix R with R·v = rotate(v) (for a unit quaternion).
    @inlinable
    public var rotationMatrix: Matrix3 {
        let xx = x * x, yy = y * y, zz = z * z
        let xy = x * y, xz = x * z, yz = y * z
        let wx = w * x, wy = w * y, wz = w * z
        return Matrix3(
            SIMD3(1 - 2 * (yy + zz), 2 * (xy - wz), 2 * (xz + wy)),
            SIMD3(2 * (xy + wz), 1 - 2 * (xx + zz), 2 * (yz - wx)),
            SIMD3(2 * (xz - wy), 2 * (yz + wx), 1 - 2 * (xx + yy)))
    }

    /// The rotation angle in [0, π] radians.
    @inlinable
    public var angle: Double {
        2 * Elementary.atan2(vector.norm, Swift.abs(w))
    }

    /// The axis-angle form: the rotation vector (axis × angle, radians), the inverse of `init(rotationVector:)`.
    @inlinable
    public var rotationVector: Vector3 {
        let q = w < 0 ? -self : self
        let s = q.vector.norm
        guard s > 1e-300 else { return 2 * q.vector }
        let a = 2 * Elementary.atan2(s, q.w)
        return q.vector * (a / s)
    }

    /// The angle in [0, π] radians of the rotation that takes this attitude to `other` (sign-invariant).
    @inlinable
    public func angle(to other: Quaternion) -> Double {
        (conjugate * other).angle
    }

    /// Roll (rotation about x) in radians, ZYX convention (see `init(roll:pitch:yaw:)`), in [-π, π].
    @inlinable
    public var roll: Double {
        Elementary.atan2(2 * (w * x + y * z), 1 - 2 * (x * x + y * y))
    }

    /// Pitch (rotation about y) in radians, ZYX convention, in [-π/2, π/2].
    @inlinable
    public var pitch: Double {
        Elementary.asin(Swift.max(-1, Swift.min(1, 2 * (w * y - z * x))))
    }

    /// Yaw (rotation about z, heading counter-clockwise from the reference x axis) in radians, ZYX convention, in
    /// [-π, π].
    @inlinable
    public var yaw: Double {
        Elementary.atan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z))
    }
}

extension Quaternion: CustomStringConvertible {
    public var description: String { "(w: \(w), x: \(x), y: \(y), z: \(z))" }
}
