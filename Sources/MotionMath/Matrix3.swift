/// A 3×3 matrix of `Double`s, stored as three SIMD rows.
///
/// The one 3×3 matrix: rotation matrices, calibration matrices (accelerometer scale/misalignment, magnetometer soft
/// iron) and small covariance matrices. Never traps: NaN and infinity propagate; `inverse` answers nil for singular
/// matrices instead of dividing by zero.
@frozen
public struct Matrix3: Sendable, Hashable {
    /// Row 0, 1 and 2.
    public var row0: SIMD3<Double>
    public var row1: SIMD3<Double>
    public var row2: SIMD3<Double>

    /// A matrix from three SIMD rows.
    @inlinable @inline(__always)
    public init(_ row0: SIMD3<Double>, _ row1: SIMD3<Double>, _ row2: SIMD3<Double>) {
        self.row0 = row0
        self.row1 = row1
        self.row2 = row2
    }

    /// A matrix from three rows.
    @inlinable @inline(__always)
    public init(rows r0: Vector3, _ r1: Vector3, _ r2: Vector3) {
        self.init(r0.simd, r1.simd, r2.simd)
    }

    /// A matrix from an array of rows (`[[a, b, c], [d, e, f], [g, h, i]]`); nil unless it is exactly 3×3.
    @inlinable
    public init?(rows: [[Double]]) {
        guard rows.count == 3, rows.allSatisfy({ $0.count == 3 }) else { return nil }
        self.init(
            SIMD3(rows[0][0], rows[0][1], rows[0][2]),
            SIMD3(rows[1][0], rows[1][1], rows[1][2]),
            SIMD3(rows[2][0], rows[2][1], rows[2][2]))
    }

    /// A matrix from three columns.
    @inlinable
    public init(columns c0: Vector3, _ c1: Vector3, _ c2: Vector3) {
        self.init(SIMD3(c0.x, c1.x, c2.x), SIMD3(c0.y, c1.y, c2.y), SIMD3(c0.z, c1.z, c2.z))
    }

    /// A diagonal matrix.
    @inlinable
    public init(diagonal d: Vector3) {
        self.init(SIMD3(d.x, 0, 0), SIMD3(0, d.y, 0), SIMD3(0, 0, d.z))
    }

    /// The identity matrix.
    @inlinable @inline(__always)
    public static var identity: Matrix3 { Matrix3(SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)) }
    /// The zero matrix.
    @inlinable @inline(__always)
    public static var zero: Matrix3 { Matrix3(SIMD3(0, 0, 0), SIMD3(0, 0, 0), SIMD3(0, 0, 0)) }

    /// The rows as an array of arrays (the JSON form of the calibration file, docs/formats.md).
    @inlinable public var rows: [[Double]] {
        [[row0.x, row0.y, row0.z], [row1.x, row1.y, row1.z], [row2.x, row2.y, row2.z]]
    }

    /// The element at (`row`, `column`), both 0...2.
    @inlinable public subscript(row: Int, column: Int) -> Double {
        get {
            switch row {
            case 0: return row0[column]
            case 1: return row1[column]
            default:
                precondition(row == 2, "Matrix3 row index out of range")
                return row2[column]
            }
        }
        set {
            switch row {
            case 0: row0[column] = newValue
            case 1: row1[column] = newValue
            default:
                precondition(row == 2, "Matrix3 row index out of range")
                row2[column] = newValue
            }
        }
    }

    /// The column at `index` as a vector.
    @inlinable public func column(_ index: Int) -> Vector3 {
        Vector3(row0[index], row1[index], row2[index])
    }

    /// The transposed matrix.
    @inlinable @inline(__always)
    public var transposed: Matrix3 {
        Matrix3(
            SIMD3(row0.x, row1.x, row2.x),
            SIMD3(row0.y, row1.y, row2.y),
            SIMD3(row0.z, row1.z, row2.z))
    }

    /// The determinant.
    @inlinable
    public var determinant: Double {
        Vector3(row0).dot(Vector3(row1).cross(Vector3(row2)))
    }

    /// True when every element is finite (neither NaN nor infinite).
    @inlinable public var isFinite: Bool {
        Vector3(row0).isFinite && Vector3(row1).isFinite && Vector3(row2).isFinite
    }

    /// The largest absolute element-wise difference to `other` (the max norm of `self − other`).
    @inlinable public func maximumDifference(to other: Matrix3) -> Double {
        Swift.max(
            Vector3(row0 - other.row0).maxMagnitude, Vector3(row1 - other.row1).maxMagnitude,
            Vector3(row2 - other.row2).maxMagnitude)
    }

    /// The sum of the diagonal.
    @inlinable public var trace: Double { row0.x + row1.y + row2.z }

    /// The inverse, or nil when the matrix is singular or not finite.
    ///
    /// Edge cases: "singular" means |determinant| ≤ 1e-14 · (product of the rows' largest components), a scale-free
    /// test that needs no square root.
    @inlinable @inline(__always)
    public var inverse: Matrix3? {
        let a = Vector3(row0), b = Vector3(row1), c = Vector3(row2)
        let bc = b.cross(c), ca = c.cross(a), ab = a.cross(b)
        let det = a.dot(bc)
        let scale = a.maxMagnitude * b.maxMagnitude * c.maxMagnitude
        guard det.isFinite, scale.isFinite, abs(det) > 1e-14 * scale, det != 0 else { return nil }
        // The inverse's columns are the cross products of the rows, divided by the determinant.
        return Matrix3(rows: bc, ca, ab).transposed * (1 / det)
    }

    @inlinable @inline(__always)
    public static func * (m: Matrix3, v: Vector3) -> Vector3 {
        Vector3((m.row0 * v.simd).sum(), (m.row1 * v.simd).sum(), (m.row2 * v.simd).sum())
    }

    @inlinable @inline(__always)
    public static func * (a: Matrix3, b: Matrix3) -> Matrix3 {
        Matrix3(
            a.row0.x * b.row0 + a.row0.y * b.row1 + a.row0.z * b.row2,
            a.row1.x * b.row0 + a.row1.y * b.row1 + a.row1.z * b.row2,
            a.row2.x * b.row0 + a.row2.y * b.row1 + a.row2.z * b.row2)
    }

    @inlinable @inline(__always)
    public static func * (m: Matrix3, s: Double) -> Matrix3 {
        Matrix3(m.row0 * s, m.row1 * s, m.row2 * s)
    }

    @inlinable @inline(__always)
    public static func * (s: Double, m: Matrix3) -> Matrix3 { m * s }

    @inlinable @inline(__always)
    public static func + (a: Matrix3, b: Matrix3) -> Matrix3 {
        Matrix3(a.row0 + b.row0, a.row1 + b.row1, a.row2 + b.row2)
    }

    @inlinable @inline(__always)
    public static func - (a: Matrix3, b: Matrix3) -> Matrix3 {
        Matrix3(a.row0 - b.row0, a.row1 - b.row1, a.row2 - b.row2)
    }
}

extension Matrix3: CustomStringConvertible {
    public var description: String { "\(rows)" }
}
