/// A 3×3 matrix of `Double`, stored as three rows, used for the accelerometer's scale/misalignment matrix and the
/// magnetometer's soft-iron matrix (`corrected = matrix · (raw − offset)`).
///
/// Named `CalibrationMatrix` rather than `Matrix3` so that it does not collide with Fusion's math types when both are
/// imported through `BodyReadings`. Never traps: NaN and ∞ propagate.
public struct CalibrationMatrix: Sendable, Equatable, Hashable {
    /// The first row.
    public var row0: SIMD3<Double>
    /// The second row.
    public var row1: SIMD3<Double>
    /// The third row.
    public var row2: SIMD3<Double>

    /// Creates a matrix from its rows.
    public init(row0: SIMD3<Double>, row1: SIMD3<Double>, row2: SIMD3<Double>) {
        self.row0 = row0
        self.row1 = row1
        self.row2 = row2
    }

    /// Creates a matrix from an array of three rows of three numbers, as stored in the calibration file;
    /// nil when the shape is wrong.
    public init?(rows: [[Double]]) {
        guard rows.count == 3, rows.allSatisfy({ $0.count == 3 }) else { return nil }
        self.init(
            row0: SIMD3(rows[0][0], rows[0][1], rows[0][2]),
            row1: SIMD3(rows[1][0], rows[1][1], rows[1][2]),
            row2: SIMD3(rows[2][0], rows[2][1], rows[2][2]))
    }

    /// Creates a diagonal matrix.
    public init(diagonal: SIMD3<Double>) {
        self.init(
            row0: SIMD3(diagonal.x, 0, 0),
            row1: SIMD3(0, diagonal.y, 0),
            row2: SIMD3(0, 0, diagonal.z))
    }

    /// Creates a matrix from its columns.
    public init(columns c0: SIMD3<Double>, _ c1: SIMD3<Double>, _ c2: SIMD3<Double>) {
        self.init(
            row0: SIMD3(c0.x, c1.x, c2.x),
            row1: SIMD3(c0.y, c1.y, c2.y),
            row2: SIMD3(c0.z, c1.z, c2.z))
    }

    /// The identity matrix.
    public static let identity = CalibrationMatrix(diagonal: SIMD3(1, 1, 1))

    /// The rows as arrays, the calibration file's layout.
    public var rows: [[Double]] {
        [[row0.x, row0.y, row0.z], [row1.x, row1.y, row1.z], [row2.x, row2.y, row2.z]]
    }

    /// The element in row `row`, column `column` (both 0...2).
    public subscript(row: Int, column: Int) -> Double {
        get {
            switch row {
            case 0: return row0[column]
            case 1: return row1[column]
            default: return row2[column]
            }
        }
        set {
            switch row {
            case 0: row0[column] = newValue
            case 1: row1[column] = newValue
            default: row2[column] = newValue
            }
        }
    }

    /// The transpose.
    public var transposed: CalibrationMatrix {
        CalibrationMatrix(columns: row0, row1, row2)
    }

    /// The determinant.
    public var determinant: Double {
        (row0 * cross(row1, row2)).sum()
    }

    /// The inverse, or nil when the matrix is singular (|det| below 1e-300) or not finite.
    public var inverse: CalibrationMatrix? {
        let det = determinant
        guard det.isFinite, abs(det) > 1e-300 else { return nil }
        // The columns of the inverse are the cross products of the rows, over the determinant.
        let c0 = cross(row1, row2) / det
        let c1 = cross(row2, row0) / det
        let c2 = cross(row0, row1) / det
        return CalibrationMatrix(row0: c0, row1: c1, row2: c2).transposed
    }

    /// True when every element is finite.
    public var isFinite: Bool {
        [row0, row1, row2].allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite }
    }

    /// The largest absolute element-wise difference to `other`.
    public func maximumDifference(to other: CalibrationMatrix) -> Double {
        let d0 = maxAbs(row0 - other.row0)
        let d1 = maxAbs(row1 - other.row1)
        let d2 = maxAbs(row2 - other.row2)
        return Swift.max(d0, d1, d2)
    }

    /// Matrix · vector.
    public static func * (matrix: CalibrationMatrix, vector: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((matrix.row0 * vector).sum(), (matrix.row1 * vector).sum(), (matrix.row2 * vector).sum())
    }

    /// Matrix · matrix.
    public static func * (lhs: CalibrationMatrix, rhs: CalibrationMatrix) -> CalibrationMatrix {
        let t = rhs.transposed
        func row(_ r: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3((r * t.row0).sum(), (r * t.row1).sum(), (r * t.row2).sum())
        }
        return CalibrationMatrix(row0: row(lhs.row0), row1: row(lhs.row1), row2: row(lhs.row2))
    }

    /// Matrix · scalar.
    public static func * (lhs: CalibrationMatrix, rhs: Double) -> CalibrationMatrix {
        CalibrationMatrix(row0: lhs.row0 * rhs, row1: lhs.row1 * rhs, row2: lhs.row2 * rhs)
    }
}

/// The cross product of two 3-vectors.
func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}

/// The dot product of two 3-vectors.
func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
    (a * b).sum()
}

/// The Euclidean length of a 3-vector.
func length(_ a: SIMD3<Double>) -> Double {
    (a * a).sum().squareRoot()
}

/// The largest absolute component of a 3-vector (the ∞-norm).
func maxAbs(_ a: SIMD3<Double>) -> Double {
    Swift.max(Swift.abs(a.x), Swift.abs(a.y), Swift.abs(a.z))
}
