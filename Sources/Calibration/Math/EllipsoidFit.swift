import MotionMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An ellipsoid `(x − center)ᵀ · shape · (x − center) = 1` fitted to points near its surface.
///
/// Method: the normalised algebraic fit. The points are first centred on their mean and divided by their RMS radius,
/// so that every coefficient has the same order of magnitude and the origin lies inside the ellipsoid. In those
/// coordinates the quadric `pᵀ A p + bᵀ p = 1` (9 unknowns: the 6 of a symmetric A and the 3 of b) is fitted by linear
/// least squares; fixing the constant term to −1 is legitimate because the origin (the mean of the points) is inside
/// a closed surface through them, so the constant term is non-zero. The positive-definiteness of A — the condition for
/// an ellipsoid rather than a hyperboloid, which Li & Griffiths (2004, "Least squares ellipsoid specific fitting")
/// impose as a constraint — is checked on the eigenvalues and the fit refused otherwise; near-spherical sensor data
/// never needs the constraint to be active. Then the centre is `c = −A⁻¹ b / 2` and
/// `(p − c)ᵀ A (p − c) = 1 + cᵀ A c`, which gives the shape after undoing the normalisation.
struct EllipsoidFit {
    /// The centre, in the points' units.
    var center: Vector3
    /// The symmetric positive-definite shape matrix Q, in 1/unit².
    var shape: Matrix3
    /// Eigen-decomposition of `shape` (eigenvalues 1/semi-axis²).
    var shapeEigen: SymmetricEigen
    /// The condition number of the normalised least-squares problem.
    var conditionNumber: Double
    /// The largest standard error of the six shape coefficients relative to their mean diagonal (dimensionless:
    /// 0.01 means the shape is known to about 1 %); 0 without redundancy.
    var shapeUncertainty: Double
    /// The largest standard error of the centre, in the points' units (first order: σ(b)/2 scaled back).
    var centerUncertainty: Double

    /// Why a fit failed.
    enum Failure: Error, Equatable {
        /// Fewer than 9 points, or non-finite values.
        case insufficientData
        /// The least-squares problem's condition number exceeded the limit.
        case illConditioned(Double)
        /// The fitted quadric is not an ellipsoid (A not positive definite).
        case notAnEllipsoid
    }

    /// Fits an ellipsoid to `points`, refusing a solve whose condition number exceeds `maximumCondition`.
    static func fit(_ points: [Vector3], maximumCondition: Double) -> Result<EllipsoidFit, Failure> {
        guard points.count >= 9, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite && $0.z.isFinite }) else {
            return .failure(.insufficientData)
        }
        // 1. Normalise: centre on the mean, divide by the RMS radius.
        let mean = points.reduce(Vector3.zero, +) / Double(points.count)
        let radius = (points.map { ($0 - mean).dot($0 - mean) }.reduce(0, +) / Double(points.count)).squareRoot()
        guard radius > 0, radius.isFinite else { return .failure(.insufficientData) }
        let normalised = points.map { ($0 - mean) / radius }

        // 2. Linear least squares for pᵀ A p + bᵀ p = 1 with
        //    A = [[a, d, e], [d, b, f], [e, f, c]], b = (g, h, i).
        let rows = normalised.map { p in
            [p.x * p.x, p.y * p.y, p.z * p.z, 2 * p.x * p.y, 2 * p.x * p.z, 2 * p.y * p.z, p.x, p.y, p.z]
        }
        guard let solve = LeastSquares(rows: rows, rhs: [Double](repeating: 1, count: rows.count)) else {
            return .failure(.insufficientData)
        }
        guard solve.conditionNumber <= maximumCondition else {
            return .failure(.illConditioned(solve.conditionNumber))
        }
        let u = solve.solution
        let a = Matrix3(rows: Vector3(u[0], u[3], u[4]), Vector3(u[3], u[1], u[5]), Vector3(u[4], u[5], u[2]))
        let b = Vector3(u[6], u[7], u[8])

        // 3. Ellipsoid check: A positive definite.
        guard let eigenA = SymmetricEigen(a), let smallest = eigenA.values.first, smallest > 0,
            let aInverse = a.calibrationInverse
        else { return .failure(.notAnEllipsoid) }

        // 4. Centre and the constant on the right-hand side after completing the square.
        let c = aInverse * b * -0.5
        let k = 1 + c.dot(a * c)
        guard k > 0, k.isFinite else { return .failure(.notAnEllipsoid) }

        // 5. Undo the normalisation: x = mean + radius · p.
        let shape = a * (1 / (k * radius * radius))
        guard let shapeEigen = SymmetricEigen(shape), (shapeEigen.values.first ?? 0) > 0 else {
            return .failure(.notAnEllipsoid)
        }
        // 6. Uncertainties from the least-squares standard errors, relative to the size of A.
        let diagonal = (u[0] + u[1] + u[2]) / 3
        let errors = solve.standardErrors
        let shapeUncertainty = errors[0..<6].max().map { $0 / abs(diagonal) } ?? .infinity
        let centerUncertainty = errors[6..<9].max().map { $0 / (2 * abs(diagonal)) * radius } ?? .infinity
        return .success(
            EllipsoidFit(
                center: mean + c * radius, shape: shape, shapeEigen: shapeEigen,
                conditionNumber: solve.conditionNumber, shapeUncertainty: shapeUncertainty,
                centerUncertainty: centerUncertainty))
    }

    /// The symmetric square root of the shape, W with Wᵀ W = shape, so that ‖W (x − center)‖ = 1 on the surface.
    var unitTransform: Matrix3 {
        shapeEigen.reassembled { $0.squareRoot() }
    }

    /// The geometric mean of the semi-axes: det(shape)^(−1/6).
    var meanRadius: Double {
        let product = shapeEigen.values.reduce(1, *)
        return pow(product, -1.0 / 6.0)
    }
}

