/// Linear least squares `min ‖A x − b‖` for the small, tall systems of the ellipsoid fits, solved through the
/// normal equations with the columns of A scaled to unit length first (equilibration), so that the condition number
/// reported is that of the problem and not of the units.
///
/// The scaled normal matrix is decomposed by Jacobi; the solution uses its eigenvalues, and the square root of their
/// ratio is the condition number of the scaled A. Callers refuse a solution whose condition number says the data do not
/// determine it (e.g. poses all in a plane).
struct LeastSquares {
    /// The solution x.
    var solution: [Double]
    /// The condition number of the column-scaled design matrix (∞ when a column is zero or the system is singular).
    var conditionNumber: Double
    /// The standard error of each unknown, from the residual variance RSS / (m − n) and (AᵀA)⁻¹; ∞ where the
    /// system is singular, 0 when there is no redundancy (m = n). Unlike the condition number, this sees a column
    /// that only noise makes non-zero (e.g. a cross term that vanishes on all the data): equilibration would make
    /// it look well-conditioned, but its coefficient is undetermined.
    var standardErrors: [Double]

    /// Solves for `rows` (each of length n) and right-hand side `rhs`. Returns nil for empty or non-finite input.
    init?(rows: [[Double]], rhs: [Double]) {
        guard let n = rows.first?.count, n > 0, rows.count == rhs.count, rows.count >= n else { return nil }
        // 1. Column scales: the Euclidean norm of each column.
        var scale = [Double](repeating: 0, count: n)
        for row in rows {
            guard row.count == n else { return nil }
            for j in 0..<n { scale[j] += row[j] * row[j] }
        }
        scale = scale.map { $0.squareRoot() }
        guard scale.allSatisfy({ $0.isFinite }) else { return nil }
        if scale.contains(0) {
            solution = [Double](repeating: 0, count: n)
            conditionNumber = .infinity
            standardErrors = [Double](repeating: .infinity, count: n)
            return
        }
        // 2. Normal equations of the scaled system: N = (A D⁻¹)ᵀ (A D⁻¹), r = (A D⁻¹)ᵀ b.
        var normal = [Double](repeating: 0, count: n * n)
        var right = [Double](repeating: 0, count: n)
        for (row, b) in zip(rows, rhs) {
            for i in 0..<n {
                let ai = row[i] / scale[i]
                right[i] += ai * b
                for j in i..<n { normal[i * n + j] += ai * row[j] / scale[j] }
            }
        }
        for i in 0..<n {
            for j in 0..<i { normal[i * n + j] = normal[j * n + i] }
        }
        // 3. Eigen-decompose N; its condition number is the square of the scaled A's.
        guard let eigen = SymmetricEigen(normal, size: n), let smallest = eigen.values.first,
            let largest = eigen.values.last
        else { return nil }
        conditionNumber = smallest > 0 ? (largest / smallest).squareRoot() : .infinity
        // 4. y = V Λ⁻¹ Vᵀ r, then x = D⁻¹ y.
        var y = [Double](repeating: 0, count: n)
        for k in 0..<n where eigen.values[k] > 0 {
            let u = eigen.vectors[k]
            var projection = 0.0
            for i in 0..<n { projection += u[i] * right[i] }
            projection /= eigen.values[k]
            for i in 0..<n { y[i] += projection * u[i] }
        }
        solution = (0..<n).map { y[$0] / scale[$0] }

        // 5. Standard errors: σ² = RSS / (m − n); var(x_k) = σ² [N⁻¹]_kk / s_k².
        var rss = 0.0
        for (row, b) in zip(rows, rhs) {
            var fitted = 0.0
            for j in 0..<n { fitted += row[j] * solution[j] }
            rss += (fitted - b) * (fitted - b)
        }
        let dof = rows.count - n
        let variance = dof > 0 ? rss / Double(dof) : 0
        standardErrors = (0..<n).map { k in
            var inverseDiagonal = 0.0
            for e in 0..<n {
                guard eigen.values[e] > 0 else { return .infinity }
                inverseDiagonal += eigen.vectors[e][k] * eigen.vectors[e][k] / eigen.values[e]
            }
            return (variance * inverseDiagonal).squareRoot() / scale[k]
        }
    }
}
