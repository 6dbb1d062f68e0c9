import Foundation

/// A 3×3 mount matrix as sysfs spells it (`"a, b, c; d, e, f; g, h, i"`, rows separated by `;`); the toolkit
/// corrects with corrected_i = row_i · raw, so the server encodes raw = M⁻¹ · truth.
public struct FixtureMountMatrix: Sendable, Hashable {
    /// Rows of the matrix.
    public var rows: [SIMD3<Double>]

    /// The identity.
    public static let identity = FixtureMountMatrix(rows: [SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)])

    /// Creates a matrix from rows.
    public init(rows: [SIMD3<Double>]) { self.rows = rows }

    /// Parses the sysfs text; `nil` when malformed.
    public init?(_ text: String) {
        let rowTexts = text.split(separator: ";")
        guard rowTexts.count == 3 else { return nil }
        var rows: [SIMD3<Double>] = []
        for rowText in rowTexts {
            let values = rowText.split(separator: ",").compactMap {
                Double($0.trimmingCharacters(in: .whitespaces))
            }
            guard values.count == 3 else { return nil }
            rows.append(SIMD3(values[0], values[1], values[2]))
        }
        self.rows = rows
    }

    /// M · v.
    public func apply(_ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((rows[0] * v).sum(), (rows[1] * v).sum(), (rows[2] * v).sum())
    }

    /// The inverse (adjugate over determinant); `nil` when singular.
    public var inverse: FixtureMountMatrix? {
        let (a, b, c) = (rows[0], rows[1], rows[2])
        let cofactor0 = SIMD3(b.y * c.z - b.z * c.y, b.z * c.x - b.x * c.z, b.x * c.y - b.y * c.x)
        let determinant = (a * cofactor0).sum()
        guard abs(determinant) > 1e-12 else { return nil }
        let cofactor1 = SIMD3(a.z * c.y - a.y * c.z, a.x * c.z - a.z * c.x, a.y * c.x - a.x * c.y)
        let cofactor2 = SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
        // inverse = adjugate / det; adjugate's columns are the cofactor vectors above.
        let inv0 = SIMD3(cofactor0.x, cofactor1.x, cofactor2.x) / determinant
        let inv1 = SIMD3(cofactor0.y, cofactor1.y, cofactor2.y) / determinant
        let inv2 = SIMD3(cofactor0.z, cofactor1.z, cofactor2.z) / determinant
        return FixtureMountMatrix(rows: [inv0, inv1, inv2])
    }
}
