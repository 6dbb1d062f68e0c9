import MotionMath

extension Matrix3 {
    /// The inverse the calibration estimators use, or nil when the matrix is not finite or |det| ≤ 1e-300.
    ///
    /// Unlike `inverse` (the filter's, which multiplies by 1/det and tests singularity relative to the rows' scale),
    /// each element is divided by the determinant, so it is rounded once: a calibration is computed once and stored,
    /// precision matters more than speed, and the stored numbers stay those the estimators wrote before they shared
    /// MotionMath's matrix.
    var calibrationInverse: Matrix3? {
        let det = determinant
        guard det.isFinite, abs(det) > 1e-300 else { return nil }
        // The columns of the inverse are the cross products of the rows, over the determinant.
        let c0 = Vector3(row1).cross(Vector3(row2)) / det
        let c1 = Vector3(row2).cross(Vector3(row0)) / det
        let c2 = Vector3(row0).cross(Vector3(row1)) / det
        return Matrix3(rows: c0, c1, c2).transposed
    }
}
