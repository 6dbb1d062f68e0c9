import MotionMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds accelerometer offset and scale/misalignment from still poses, in which the only specific force is gravity,
/// so that every corrected pose must have magnitude g = 9.80665 m/s².
///
/// Two methods:
/// - **Six-position** (e.g. Titterton & Weston, *Strapdown Inertial Navigation Technology*, §8; IEEE Std 1293): the
///   device rests on each of its six faces, so gravity is ±g along each axis. With r₊ᵢ, r₋ᵢ the readings with axis i up
///   and down, the raw model `raw = K·f + offset` gives `offset = mean of the six` and column i of K =
///   (r₊ᵢ − r₋ᵢ) / 2g; the correction matrix is K⁻¹. This recovers the full 3×3 matrix (scale, cross-axis
///   misalignment and the rotation to the faces), provided the faces really are square to the sensor axes.
/// - **Ellipsoid** (nine or more poses in any well-spread orientations): the raw readings lie on the ellipsoid
///   `‖M (raw − offset)‖ = g`; the normalised algebraic fit (`EllipsoidFit`) gives centre and shape Q, and
///   M = g · √Q (symmetric square root). Magnitudes alone cannot see a rotation, so M is the symmetric matrix: scale
///   and non-orthogonality, not the rotation to the case.
///
/// Both refuse too few poses, poses that do not spread (e.g. all in one plane), ill-conditioned solves, implausible
/// results and large residuals.
public enum AccelerometerCalibrator {
    /// Limits; the defaults accept any working consumer MEMS accelerometer.
    public struct Settings: Sendable, Equatable {
        /// Local gravity magnitude, m/s² (default standard gravity 9.80665; the local value differs by < 0.3 %).
        public var gravity: Double = 9.80665
        /// Largest accepted RMS residual over the poses, m/s² (default 0.1 ≈ 10 mg).
        public var maximumResidual: Double = 0.1
        /// Smallest accepted pose spread, 0...1 (default 0.15; a hemisphere gives 0.25, one plane 0).
        public var minimumCoverage: Double = 0.15
        /// Largest accepted condition number of the normalised ellipsoid solve (default 1e4).
        public var maximumConditionNumber: Double = 1e4
        /// Accepted range of the matrix's singular values (default 0.7...1.3: a scale error above 30 % means a
        /// wrong scale attribute, not something to calibrate away).
        public var plausibleScale: ClosedRange<Double> = 0.7...1.3
        /// Largest accepted offset magnitude, m/s² (default 3 ≈ 300 mg).
        public var maximumOffset: Double = 3
        /// Six-position: largest angle between a pose and its face's axis, degrees (default 25).
        public var maximumFaceAngle: Double = 25
        /// Level method: largest angle between the pose and the vertical axis, degrees (default 10). The level
        /// method attributes any tilt to offset, so the surface must be level, not merely "about flat".
        public var maximumLevelAngle: Double = 10

        /// The defaults.
        public init() {}
    }

    /// Chooses the method: the ellipsoid fit with nine or more poses, otherwise the six-position method.
    public static func calibrate(
        _ poses: [StillPose], settings: Settings = Settings()
    ) throws(CalibrationError) -> AccelerometerCalibration {
        if poses.count >= 9 { return try ellipsoid(poses, settings: settings) }
        return try sixPosition(poses, settings: settings)
    }

    /// The six-position method. Needs at least six poses, one within `maximumFaceAngle` of each of ±x, ±y, ±z
    /// (the best-aligned pose per face is used when there are more).
    public static func sixPosition(
        _ poses: [StillPose], settings: Settings = Settings()
    ) throws(CalibrationError) -> AccelerometerCalibration {
        guard poses.count >= 6 else { throw .tooFewPoses(found: poses.count, needed: 6) }
        // 1. The best-aligned pose for each face (+x, −x, +y, −y, +z, −z).
        let cosLimit = cos(settings.maximumFaceAngle * Double.pi / 180)
        var faces = [StillPose?](repeating: nil, count: 6)
        var alignment = [Double](repeating: cosLimit, count: 6)
        for pose in poses {
            let norm = pose.accelerometer.norm
            guard norm > 0, norm.isFinite else { continue }
            let u = pose.accelerometer / norm
            for axis in 0..<3 {
                for (sign, face) in [(1.0, 2 * axis), (-1.0, 2 * axis + 1)] where sign * u[axis] >= alignment[face] {
                    alignment[face] = sign * u[axis]
                    faces[face] = pose
                }
            }
        }
        let found = faces.compactMap { $0 }
        guard found.count == 6 else {
            let missing = zip(["+x", "−x", "+y", "−y", "+z", "−z"], faces).filter { $0.1 == nil }.map(\.0)
            throw .missingFaces(missing)
        }
        // 2. Offset: the mean of the six; columns of K: half the difference of opposite faces over g.
        let offset = found.map(\.accelerometer).reduce(Vector3.zero, +) / 6
        let g = settings.gravity
        let k = Matrix3(
            columns: (found[0].accelerometer - found[1].accelerometer) / (2 * g),
            (found[2].accelerometer - found[3].accelerometer) / (2 * g),
            (found[4].accelerometer - found[5].accelerometer) / (2 * g))
        guard let matrix = k.calibrationInverse, matrix.isFinite else {
            throw .illConditioned(conditionNumber: .infinity, limit: settings.maximumConditionNumber)
        }
        return try finish(
            offset: offset, matrix: matrix, method: .sixPosition, poses: found, settings: settings)
    }

    /// The level method: one still pose on a level surface with `up` (a device axis, default +z: lying flat, screen
    /// up) pointing up. The offset is `raw − g · up` and the matrix stays the identity: it corrects the zero-g offset
    /// only, assuming the scale is right (laptops, which cannot rest on their six faces; virtual sensors). A tilt of
    /// θ shows up as an offset error of g·sin θ, so the surface must be level.
    public static func level(
        _ pose: StillPose, up: Vector3 = Vector3(0, 0, 1), settings: Settings = Settings()
    ) throws(CalibrationError) -> AccelerometerCalibration {
        let norm = pose.accelerometer.norm
        let upNorm = up.norm
        guard norm > 0, norm.isFinite, upNorm > 0 else { throw .tooFewPoses(found: 0, needed: 1) }
        let axis = up / upNorm
        let angle = acos(max(-1, min(1, (pose.accelerometer / norm).dot(axis)))) * 180 / Double.pi
        guard angle <= settings.maximumLevelAngle else {
            throw .implausible(
                "the device is tilted \(CalibrationError.format(angle))° from level (at most "
                    + "\(CalibrationError.format(settings.maximumLevelAngle))°): lay it flat on a level table")
        }
        let offset = pose.accelerometer - axis * settings.gravity
        guard offset.norm <= settings.maximumOffset else {
            throw .implausible(
                "offset \(CalibrationError.format(offset.norm)) m/s² above \(settings.maximumOffset) m/s²")
        }
        return AccelerometerCalibration(
            offset: offset, matrix: .identity, method: .level,
            quality: .init(residual: 0, poses: 1, samples: pose.samples, coverage: 0))
    }

    /// The ellipsoid method. Needs at least nine poses spread over the sphere.
    public static func ellipsoid(
        _ poses: [StillPose], settings: Settings = Settings()
    ) throws(CalibrationError) -> AccelerometerCalibration {
        guard poses.count >= 9 else { throw .tooFewPoses(found: poses.count, needed: 9) }
        // 1. Spread first: poses in a plane leave the fit undetermined whatever the noise says.
        let coverage = directionSpread(poses.map(\.accelerometer))
        guard coverage >= settings.minimumCoverage else {
            throw .insufficientCoverage(coverage: coverage, needed: settings.minimumCoverage)
        }
        // 2. Fit the ellipsoid to the pose means.
        let fit: EllipsoidFit
        switch EllipsoidFit.fit(poses.map(\.accelerometer), maximumCondition: settings.maximumConditionNumber) {
        case .success(let result): fit = result
        case .failure(.illConditioned(let condition)):
            throw .illConditioned(conditionNumber: condition, limit: settings.maximumConditionNumber)
        case .failure(.insufficientData): throw .tooFewPoses(found: poses.count, needed: 9)
        case .failure(.notAnEllipsoid): throw .notAnEllipsoid
        }
        // 3. M = g · √Q maps the ellipsoid onto the sphere of radius g.
        let matrix = fit.unitTransform * settings.gravity
        return try finish(offset: fit.center, matrix: matrix, method: .ellipsoid, poses: poses, settings: settings)
    }

    private static func finish(
        offset: Vector3, matrix: Matrix3, method: AccelerometerCalibration.Method,
        poses: [StillPose], settings: Settings
    ) throws(CalibrationError) -> AccelerometerCalibration {
        // 1. Plausibility: singular values of M (square roots of the eigenvalues of Mᵀ M) and the offset.
        guard let gram = SymmetricEigen(matrix.transposed * matrix), let low = gram.values.first,
            let high = gram.values.last, low > 0
        else { throw .implausible("the scale matrix is singular") }
        let scales = (low.squareRoot(), high.squareRoot())
        guard settings.plausibleScale.contains(scales.0), settings.plausibleScale.contains(scales.1) else {
            throw .implausible(
                "scale factors \(CalibrationError.format(scales.0))…\(CalibrationError.format(scales.1)) outside "
                    + "\(settings.plausibleScale.lowerBound)…\(settings.plausibleScale.upperBound)")
        }
        guard offset.norm <= settings.maximumOffset else {
            throw .implausible(
                "offset \(CalibrationError.format(offset.norm)) m/s² above \(settings.maximumOffset) m/s²")
        }
        // 2. Residual: how far each corrected pose is from g.
        let squares = poses.map { pose -> Double in
            let error = (matrix * (pose.accelerometer - offset)).norm - settings.gravity
            return error * error
        }
        let residual = (squares.reduce(0, +) / Double(poses.count)).squareRoot()
        guard residual <= settings.maximumResidual else {
            throw .residualTooLarge(residual: residual, limit: settings.maximumResidual, unit: "m/s²")
        }
        return AccelerometerCalibration(
            offset: offset, matrix: matrix, method: method,
            quality: .init(
                residual: residual, poses: poses.count, samples: poses.map(\.samples).reduce(0, +),
                coverage: directionSpread(poses.map(\.accelerometer))))
    }

    /// 3 × the smallest eigenvalue of the covariance of the unit directions: 1 for the six faces or a uniform sphere,
    /// 0.25 for a uniform hemisphere, 0 for directions in one plane.
    static func directionSpread(_ vectors: [Vector3]) -> Double {
        let units = vectors.compactMap { v -> Vector3? in
            let n = v.norm
            return n > 0 && n.isFinite ? v / n : nil
        }
        guard units.count >= 2 else { return 0 }
        let mean = units.reduce(Vector3.zero, +) / Double(units.count)
        var covariance = Matrix3(diagonal: .zero)
        for u in units {
            let d = u - mean
            for i in 0..<3 {
                for j in 0..<3 { covariance[i, j] += d[i] * d[j] / Double(units.count) }
            }
        }
        guard let eigen = SymmetricEigen(covariance), let smallest = eigen.values.first else { return 0 }
        return min(1, max(0, 3 * smallest))
    }
}
