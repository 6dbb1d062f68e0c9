/// A 3-vector of `Double`s (a specific force, an angular velocity, a magnetic field, a direction).
///
/// Backed by `SIMD3<Double>` so that sums, differences and scalings compile to vector instructions. Never traps:
/// NaN and infinity propagate like they do for `Double`.
@frozen
public struct Vector3: Sendable, Hashable {
    /// The components as a SIMD vector.
    public var simd: SIMD3<Double>

    /// A vector from its components.
    @inlinable @inline(__always)
    public init(_ x: Double, _ y: Double, _ z: Double) {
        simd = SIMD3(x, y, z)
    }

    /// A vector from its components, with labels.
    @inlinable @inline(__always)
    public init(x: Double, y: Double, z: Double) {
        simd = SIMD3(x, y, z)
    }

    /// A vector with all three components equal to `value`.
    @inlinable @inline(__always)
    public init(repeating value: Double) {
        simd = SIMD3(repeating: value)
    }

    /// A vector over a SIMD value.
    @inlinable @inline(__always)
    public init(_ simd: SIMD3<Double>) {
        self.simd = simd
    }

    /// A vector from the first three elements of `array`; nil unless `array` has exactly three elements.
    @inlinable
    public init?(_ array: [Double]) {
        guard array.count == 3 else { return nil }
        simd = SIMD3(array[0], array[1], array[2])
    }

    /// The x component.
    @inlinable public var x: Double {
        @inline(__always) get { simd.x }
        @inline(__always) set { simd.x = newValue }
    }
    /// The y component.
    @inlinable public var y: Double {
        @inline(__always) get { simd.y }
        @inline(__always) set { simd.y = newValue }
    }
    /// The z component.
    @inlinable public var z: Double {
        @inline(__always) get { simd.z }
        @inline(__always) set { simd.z = newValue }
    }

    /// The component at `index` (0 = x, 1 = y, 2 = z). Precondition: `index` is 0, 1 or 2.
    @inlinable public subscript(index: Int) -> Double {
        get { simd[index] }
        set { simd[index] = newValue }
    }

    /// The components as an array `[x, y, z]`.
    @inlinable public var array: [Double] { [x, y, z] }

    /// (0, 0, 0).
    @inlinable @inline(__always)
    public static var zero: Vector3 { Vector3(0, 0, 0) }

    /// The dot product.
    @inlinable @inline(__always)
    public func dot(_ other: Vector3) -> Double {
        x * other.x + y * other.y + z * other.z
    }

    /// The cross product `self × other` (right-handed).
    @inlinable @inline(__always)
    public func cross(_ other: Vector3) -> Vector3 {
        Vector3(y * other.z - z * other.y, z * other.x - x * other.z, x * other.y - y * other.x)
    }

    /// The squared Euclidean length.
    @inlinable @inline(__always)
    public var squaredNorm: Double { dot(self) }

    /// The Euclidean length.
    @inlinable @inline(__always)
    public var norm: Double { squaredNorm.squareRoot() }

    /// The Euclidean length (same as `norm`).
    @inlinable @inline(__always)
    public var length: Double { norm }

    /// The vector scaled to length 1.
    ///
    /// Edge cases: the zero vector (and any vector with a non-finite length) is returned unchanged, so a caller can
    /// test `norm` instead of catching NaN.
    @inlinable @inline(__always)
    public var normalized: Vector3 {
        let n = norm
        guard n > 0, n.isFinite else { return self }
        return self / n
    }

    /// True when every component is finite (neither NaN nor infinite).
    @inlinable @inline(__always)
    public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }

    /// The largest absolute component.
    @inlinable @inline(__always)
    public var maxMagnitude: Double { Swift.max(Swift.abs(x), Swift.abs(y), Swift.abs(z)) }

    /// Each component clamped to [−limit, limit].
    @inlinable @inline(__always)
    public func clamped(magnitude limit: Double) -> Vector3 {
        Vector3(
            Swift.min(Swift.max(x, -limit), limit), Swift.min(Swift.max(y, -limit), limit),
            Swift.min(Swift.max(z, -limit), limit))
    }

    @inlinable @inline(__always)
    public static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.simd + b.simd) }
    @inlinable @inline(__always)
    public static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.simd - b.simd) }
    @inlinable @inline(__always)
    public static prefix func - (a: Vector3) -> Vector3 { Vector3(-a.simd) }
    @inlinable @inline(__always)
    public static func * (a: Vector3, s: Double) -> Vector3 { Vector3(a.simd * s) }
    @inlinable @inline(__always)
    public static func * (s: Double, a: Vector3) -> Vector3 { Vector3(a.simd * s) }
    /// Component-wise product.
    @inlinable @inline(__always)
    public static func * (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.simd * b.simd) }
    @inlinable @inline(__always)
    public static func / (a: Vector3, s: Double) -> Vector3 { Vector3(a.simd / s) }
    @inlinable @inline(__always)
    public static func += (a: inout Vector3, b: Vector3) { a.simd += b.simd }
    @inlinable @inline(__always)
    public static func -= (a: inout Vector3, b: Vector3) { a.simd -= b.simd }
    @inlinable @inline(__always)
    public static func *= (a: inout Vector3, s: Double) { a.simd *= s }
    @inlinable @inline(__always)
    public static func /= (a: inout Vector3, s: Double) { a.simd /= s }
}

extension Vector3: CustomStringConvertible {
    public var description: String { "(\(x), \(y), \(z))" }
}
