import Testing
@testable import IIODTestServer

@Suite("Fixture mount matrix")
struct FixtureMountMatrixTests {
    @Test("parses sysfs text and inverts it so that M · (M⁻¹ · v) = v (tolerance 1e-12)")
    func inverse() throws {
        for text in ["0, 1, 0; -1, 0, 0; 0, 0, 1", "1, 0, 0; 0, 1, 0; 0, 0, 1", "2, 0, 1; 0, 0.5, 0; -1, 0, 3"] {
            let matrix = try #require(FixtureMountMatrix(text))
            let inverse = try #require(matrix.inverse)
            let v = SIMD3<Double>(0.3, -1.7, 9.81)
            let back = matrix.apply(inverse.apply(v))
            #expect(abs(back.x - v.x) < 1e-12 && abs(back.y - v.y) < 1e-12 && abs(back.z - v.z) < 1e-12)
        }
    }

    @Test("rejects malformed text and has no inverse when singular")
    func malformed() throws {
        #expect(FixtureMountMatrix("1, 0, 0; 0, 1, 0") == nil)
        #expect(FixtureMountMatrix("1, 0; 0, 1, 0; 0, 0, 1") == nil)
        #expect(FixtureMountMatrix("a, 0, 0; 0, 1, 0; 0, 0, 1") == nil)
        #expect(try #require(FixtureMountMatrix("1, 0, 0; 1, 0, 0; 0, 0, 1")).inverse == nil)
    }
}
