import Foundation
import MotionMath
import Testing
@testable import Calibration

@Suite("Linear algebra")
struct LinearAlgebraTests {
    @Test func jacobiDiagonalisesASymmetricMatrix() throws {
        // A = V diag(1, 4, 9) Vᵀ with V a rotation: eigenvalues recovered to 1e-12.
        let v = Matrix3(
            columns: Vector3(2, 1, 2) / 3, Vector3(1, 2, -2) / 3, Vector3(-2, 2, 1) / 3)
        let a = v * Matrix3(diagonal: Vector3(1, 4, 9)) * v.transposed
        let eigen = try #require(SymmetricEigen(a))
        #expect(abs(eigen.values[0] - 1) < 1e-12)
        #expect(abs(eigen.values[1] - 4) < 1e-12)
        #expect(abs(eigen.values[2] - 9) < 1e-12)
        let root = eigen.reassembled { $0.squareRoot() }
        #expect((root * root).maximumDifference(to: a) < 1e-12)
    }

    @Test func inverseAndDeterminant() throws {
        let m = Truth.accelerometerMatrix
        let inverse = try #require(m.inverse)
        #expect((m * inverse).maximumDifference(to: .identity) < 1e-14)
        #expect(Matrix3(diagonal: Vector3(1, 2, 0)).inverse == nil)
        #expect(abs(Matrix3(diagonal: Vector3(1, 2, 3)).determinant - 6) < 1e-15)
    }

    @Test func leastSquaresSolvesAndReportsConditioning() throws {
        // y = 3 + 2x, exactly; columns of very different scale must not matter after equilibration.
        let xs = (0..<20).map { Double($0) * 1000 }
        let solve = try #require(LeastSquares(rows: xs.map { [1, $0] }, rhs: xs.map { 3 + 2 * $0 }))
        #expect(abs(solve.solution[0] - 3) < 1e-9)
        #expect(abs(solve.solution[1] - 2) < 1e-12)
        #expect(solve.conditionNumber < 10)
        // Two identical columns: singular.
        let singular = try #require(LeastSquares(rows: xs.map { [$0, $0] }, rhs: xs))
        #expect(singular.conditionNumber > 1e6)
    }

    @Test func ellipsoidFitRecoversAnExactEllipsoid() throws {
        var generator = SplitMix64(seed: 1)
        let shapeRoot = Truth.softIron * (1 / 40.0)
        let inverse = try #require(shapeRoot.inverse)
        let centre = Vector3(10.0, -5.0, 3.0)
        let points = (0..<200).map { _ in inverse * generator.direction() + centre }
        let fit = try EllipsoidFit.fit(points, maximumCondition: 1e6).get()
        #expect((fit.center - centre).maxMagnitude < 1e-9)
        #expect(fit.shape.maximumDifference(to: shapeRoot.transposed * shapeRoot) < 1e-12)
        #expect(fit.unitTransform.maximumDifference(to: shapeRoot) < 1e-10)
    }

    @Test func sphereCoverageCountsEqualAreaBins() {
        var coverage = SphereCoverage()
        #expect(coverage.fraction == 0)
        var generator = SplitMix64(seed: 2)
        for _ in 0..<20000 { coverage.add(generator.direction()) }
        #expect(coverage.fraction == 1)
        var hemisphere = SphereCoverage()
        for _ in 0..<20000 {
            let d = generator.direction()
            hemisphere.add(Vector3(d.x, d.y, abs(d.z)))
        }
        #expect(hemisphere.fraction == 0.5)
        var nothing = SphereCoverage()
        nothing.add(.zero)
        nothing.add(Vector3(.nan, 0, 0))
        #expect(nothing.hitCount == 0)
    }
}
