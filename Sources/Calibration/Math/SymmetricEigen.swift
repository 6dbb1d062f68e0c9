import MotionMath

/// Eigen-decomposition of a small real symmetric matrix by the cyclic Jacobi method (Golub & Van Loan, *Matrix
/// Computations*, §8.5): rotations annihilate the off-diagonal elements until they are negligible.
///
/// Jacobi is slow for large matrices but accurate to the last bits for small ones, and it cannot fail on a symmetric
/// input, which is all the estimators need (3×3 shape matrices, 9×9 normal matrices).
struct SymmetricEigen {
    /// Eigenvalues in ascending order.
    var values: [Double]
    /// Eigenvectors, `vectors[k]` belongs to `values[k]` (unit length).
    var vectors: [[Double]]

    /// Decomposes the symmetric `n`×`n` matrix stored row-major in `matrix` (only symmetry is assumed; the lower
    /// triangle is read as given). Returns nil when an element is not finite.
    init?(_ matrix: [Double], size n: Int) {
        guard matrix.count == n * n, matrix.allSatisfy(\.isFinite) else { return nil }
        var a = matrix
        var v = [Double](repeating: 0, count: n * n)
        for i in 0..<n { v[i * n + i] = 1 }

        // 1. Sweep over every off-diagonal pair until the off-diagonal mass is negligible relative to the diagonal.
        for _ in 0..<100 {
            var off = 0.0
            var diagonal = 0.0
            for i in 0..<n {
                diagonal += a[i * n + i] * a[i * n + i]
                for j in (i + 1)..<max(i + 1, n) { off += a[i * n + j] * a[i * n + j] }
            }
            if off <= 1e-30 * max(diagonal, 1e-300) || off == 0 { break }
            for p in 0..<n {
                for q in (p + 1)..<max(p + 1, n) {
                    let apq = a[p * n + q]
                    if apq == 0 { continue }
                    // 2. The rotation angle that zeroes a[p][q] (the smaller root, for stability).
                    let theta = (a[q * n + q] - a[p * n + p]) / (2 * apq)
                    let t = (theta >= 0 ? 1.0 : -1.0) / (abs(theta) + (theta * theta + 1).squareRoot())
                    let c = 1 / (t * t + 1).squareRoot()
                    let s = t * c
                    // 3. A ← Jᵀ A J, applied to rows and columns p and q.
                    for k in 0..<n {
                        let akp = a[k * n + p]
                        let akq = a[k * n + q]
                        a[k * n + p] = c * akp - s * akq
                        a[k * n + q] = s * akp + c * akq
                    }
                    for k in 0..<n {
                        let apk = a[p * n + k]
                        let aqk = a[q * n + k]
                        a[p * n + k] = c * apk - s * aqk
                        a[q * n + k] = s * apk + c * aqk
                    }
                    // 4. Accumulate the eigenvectors: V ← V J.
                    for k in 0..<n {
                        let vkp = v[k * n + p]
                        let vkq = v[k * n + q]
                        v[k * n + p] = c * vkp - s * vkq
                        v[k * n + q] = s * vkp + c * vkq
                    }
                }
            }
        }
        let order = (0..<n).sorted { a[$0 * n + $0] < a[$1 * n + $1] }
        values = order.map { a[$0 * n + $0] }
        vectors = order.map { column in (0..<n).map { v[$0 * n + column] } }
    }

    /// Decomposes a symmetric 3×3 matrix.
    init?(_ matrix: Matrix3) {
        self.init(matrix.rows.flatMap { $0 }, size: 3)
    }

    /// The ratio of the largest to the smallest eigenvalue magnitude (∞ when the smallest is 0).
    var conditionNumber: Double {
        let magnitudes = values.map(abs)
        guard let largest = magnitudes.max(), let smallest = magnitudes.min() else { return .infinity }
        return smallest > 0 ? largest / smallest : .infinity
    }

    /// For a 3×3 decomposition: V · diag(f(λ)) · Vᵀ, e.g. the symmetric square root with `f = sqrt`.
    func reassembled(_ transform: (Double) -> Double) -> Matrix3 {
        var result = Matrix3(diagonal: .zero)
        for k in 0..<values.count {
            let f = transform(values[k])
            let u = vectors[k]
            for i in 0..<3 {
                for j in 0..<3 { result[i, j] += f * u[i] * u[j] }
            }
        }
        return result
    }
}
