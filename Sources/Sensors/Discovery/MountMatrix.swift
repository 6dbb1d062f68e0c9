/// How a sensor is mounted: the 3×3 matrix that turns the chip's axes into the device frame,
/// `corrected_i = row_i · raw` (kernel ABI `in_<type>_mount_matrix`, systemd `ACCEL_MOUNT_MATRIX`).
public struct MountMatrix: Sendable, Hashable {
    /// The three rows.
    public var rows: [SIMD3<Double>]

    /// Creates a matrix from three rows (missing rows are taken from the identity).
    public init(rows: [SIMD3<Double>]) {
        let identity = Self.identity.rows
        self.rows = (0..<3).map { $0 < rows.count ? rows[$0] : identity[$0] }
    }

    /// The identity: the chip's axes are the device's.
    public static let identity = MountMatrix(uncheckedRows: [SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)])

    private init(uncheckedRows: [SIMD3<Double>]) { rows = uncheckedRows }

    /// True for the identity matrix.
    public var isIdentity: Bool { self == .identity }

    /// The matrix applied to a vector in chip axes: `(row_0 · v, row_1 · v, row_2 · v)`.
    public func apply(_ vector: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((rows[0] * vector).sum(), (rows[1] * vector).sum(), (rows[2] * vector).sum())
    }

    /// The product `self · other`: `other` applied first.
    public func multiplied(by other: MountMatrix) -> MountMatrix {
        let columns = (0..<3).map { column in SIMD3(other.rows[0][column], other.rows[1][column], other.rows[2][column]) }
        return MountMatrix(uncheckedRows: rows.map { row in SIMD3((row * columns[0]).sum(), (row * columns[1]).sum(), (row * columns[2]).sum()) })
    }

    /// The inverse matrix, nil when the matrix is singular (its determinant is zero).
    public var inverse: MountMatrix? {
        let (a, b, c) = (rows[0], rows[1], rows[2])
        // The rows of the inverse are the columns of the adjugate: cross products of the rows, over the determinant.
        let (bc, ca, ab) = (cross(b, c), cross(c, a), cross(a, b))
        let determinant = (a * bc).sum()
        guard determinant != 0, determinant.isFinite else { return nil }
        let inverseRows = (0..<3).map { row in SIMD3(bc[row], ca[row], ab[row]) / determinant }
        return MountMatrix(uncheckedRows: inverseRows)
    }

    private func cross(_ u: SIMD3<Double>, _ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
    }

    /// Parses the sysfs and udev spelling `"a, b, c; d, e, f; g, h, i"` (spaces optional, a trailing newline
    /// accepted). Returns nil unless there are exactly three rows of three finite numbers.
    public init?(parsing text: String) {
        let rowTexts = text.split(separator: ";", omittingEmptySubsequences: false)
        guard rowTexts.count == 3 else { return nil }
        var rows: [SIMD3<Double>] = []
        for rowText in rowTexts {
            let cells = rowText.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingWhitespace
            }
            guard cells.count == 3 else { return nil }
            var row = SIMD3<Double>()
            for (column, cell) in cells.enumerated() {
                guard let value = Double(cell), value.isFinite else { return nil }
                row[column] = value
            }
            rows.append(row)
        }
        self.rows = rows
    }
}

extension MountMatrix: CustomStringConvertible {
    /// The sysfs spelling, `1, 0, 0; 0, 1, 0; 0, 0, 1`.
    public var description: String {
        rows.map { row in (0..<3).map { row[$0].sysfsText }.joined(separator: ", ") }.joined(separator: "; ")
    }
}

extension Substring {
    /// The text without surrounding spaces, tabs, carriage returns and newlines.
    var trimmingWhitespace: Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
