import Testing

@testable import MotionMath

@Suite("Vector3 and Matrix3")
struct VectorMatrixTests {
    @Test func vectorArithmeticAndProducts() {
        let a = Vector3(1, 2, 3), b = Vector3(-4, 0.5, 2)
        #expect(a + b == Vector3(-3, 2.5, 5))
        #expect(a - b == Vector3(5, 1.5, 1))
        #expect(a * 2 == Vector3(2, 4, 6))
        #expect(2 * a == a * 2)
        #expect(a / 2 == Vector3(0.5, 1, 1.5))
        #expect(-a == Vector3(-1, -2, -3))
        #expect(a.dot(b) == -4 + 1 + 6)
        // Right-handed: x × y = z, and a × b is orthogonal to both.
        #expect(Vector3(1, 0, 0).cross(Vector3(0, 1, 0)) == Vector3(0, 0, 1))
        let c = a.cross(b)
        #expect(abs(c.dot(a)) < 1e-14 && abs(c.dot(b)) < 1e-14)
        #expect(Vector3(3, 4, 12).norm == 13)
        #expect(Vector3(3, 4, 12).length == 13)
        #expect(abs(Vector3(3, 4, 12).normalized.norm - 1) <= 2 * Double.ulpOfOne)
        #expect(a[0] == 1 && a[1] == 2 && a[2] == 3)
        #expect(Vector3([1, 2, 3]) == a)
        #expect(Vector3([1, 2]) == nil)
        #expect(a.array == [1, 2, 3])
    }

    @Test func normalizingZeroOrNonFiniteLeavesItAlone() {
        #expect(Vector3.zero.normalized == .zero)
        let infinite = Vector3(.infinity, 0, 0)
        #expect(infinite.normalized.x == .infinity)
        #expect(!Vector3(.nan, 0, 0).isFinite)
        #expect(Vector3(1, -7, 3).maxMagnitude == 7)
        #expect(Vector3(5, -7, 0.5).clamped(magnitude: 1) == Vector3(1, -1, 0.5))
    }

    @Test func matrixProductsTransposeAndInverse() throws {
        let m = try #require(Matrix3(rows: [[2, -1, 0.5], [0.3, 4, 1], [-2, 0.1, 3]]))
        let v = Vector3(1, -2, 0.5)
        #expect(m * v == Vector3(2 + 2 + 0.25, 0.3 - 8 + 0.5, -2 - 0.2 + 1.5))
        #expect(m.transposed.transposed == m)
        #expect(m.transposed[0, 1] == m[1, 0])
        #expect(Matrix3.identity * m == m)
        let inverse = try #require(m.inverse)
        let product = m * inverse
        for r in 0..<3 {
            for c in 0..<3 {
                #expect(abs(product[r, c] - (r == c ? 1 : 0)) < 1e-14, "(\(r), \(c))")
            }
        }
        // det(A) = a·(b×c) by cofactor expansion along the first row.
        let expected = 2 * (4 * 3 - 1 * 0.1) - (-1) * (0.3 * 3 - 1 * -2) + 0.5 * (0.3 * 0.1 - 4 * -2)
        #expect(abs(m.determinant - expected) < 1e-13)
        #expect(m.rows == [[2, -1, 0.5], [0.3, 4, 1], [-2, 0.1, 3]])
        #expect(Matrix3(rows: [[1, 2], [3, 4]]) == nil)
    }

    @Test func singularOrNonFiniteMatrixHasNoInverse() throws {
        let singular = try #require(Matrix3(rows: [[1, 2, 3], [2, 4, 6], [0, 1, 1]]))
        #expect(singular.inverse == nil)
        #expect(Matrix3.zero.inverse == nil)
        let nan = try #require(Matrix3(rows: [[.nan, 0, 0], [0, 1, 0], [0, 0, 1]]))
        #expect(nan.inverse == nil)
        // Tiny but regular matrices still invert: the test is relative to the scale.
        let tiny = Matrix3.identity * 1e-90
        #expect(tiny.inverse != nil)
    }
}
