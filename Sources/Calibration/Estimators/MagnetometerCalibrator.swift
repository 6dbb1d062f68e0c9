import MotionMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the magnetometer's hard-iron offset and soft-iron matrix from readings taken while the device is turned
/// freely through as many orientations as possible (a slow figure of eight), away from moving magnets.
///
/// Model (Vasconcelos et al. 2011, "Geometric approach to strapdown magnetometer calibration in sensor frame"):
/// `raw = W⁻¹ · b + h` with |b| the constant local field, so the raw readings lie on an ellipsoid centred on the
/// hard iron h. The normalised algebraic ellipsoid fit (`EllipsoidFit`; the positive-definite constraint of Li &
/// Griffiths 2004 is checked) gives centre h and shape Q; the soft-iron matrix is the symmetric square root √Q scaled
/// to determinant 1, S = √Q / det(√Q)^(1/3), and the fitted field strength is F = det(Q)^(−1/6), so that
/// ‖S (raw − h)‖ = F on the ellipsoid. A rotation of S cannot be seen from magnitudes; choosing S symmetric keeps the
/// corrected frame closest to the sensor's.
///
/// Refused: too few samples, samples that do not spread in 3-D (ratio of the smallest to the largest eigenvalue of
/// their covariance), ill-conditioned or non-ellipsoid fits, a shape whose standard error exceeds 2 % (the samples do
/// not determine it, e.g. turns about only two axes), a coverage of the direction sphere below the limit, an
/// RMS residual above a fraction of the field, or an implausible field strength.
public enum MagnetometerCalibrator {
    /// Limits with their defaults.
    public struct Settings: Sendable, Equatable {
        /// Fewest samples accepted (default 100).
        public var minimumSamples: Int = 100
        /// Smallest accepted fraction of direction bins hit (default 0.35; a hemisphere gives about 0.5).
        public var minimumCoverage: Double = 0.35
        /// Smallest accepted ratio of the smallest to the largest eigenvalue of the samples' covariance (default
        /// 0.02: rejects rotation about one axis only, which leaves the samples on a circle).
        public var minimumSpread: Double = 0.02
        /// Largest accepted RMS residual as a fraction of the fitted field strength (default 0.05).
        public var maximumRelativeResidual: Double = 0.05
        /// Largest accepted relative standard error of the fitted shape Q (default 0.02; the soft iron, √Q, is then
        /// known to about 1 %). With 0.3 µT noise and 2000 samples a full sphere gives ≈ 0.001, a hemisphere
        /// ≈ 0.003, two great circles ≈ 0.03; with 1 µT noise a hemisphere gives ≈ 0.011.
        public var maximumShapeUncertainty: Double = 0.02
        /// Largest accepted condition number of the normalised solve (default 1e4).
        public var maximumConditionNumber: Double = 1e4
        /// Accepted fitted field strength, µT (default 5...200; the geomagnetic field is 25–65 µT).
        public var plausibleFieldStrength: ClosedRange<Double> = 5...200
        /// Largest accepted ratio of the longest to the shortest ellipsoid axis (default 2).
        public var maximumAxisRatio: Double = 2

        /// The defaults.
        public init() {}
    }

    /// Calibrates from raw magnetometer samples in µT.
    public static func calibrate(
        _ samples: [Vector3], settings: Settings = Settings()
    ) throws(CalibrationError) -> MagnetometerCalibration {
        let points = samples.filter(SampleBounds.accepts(magnetometer:))
        let needed = max(9, settings.minimumSamples)
        guard points.count >= needed else { throw .tooFewSamples(found: points.count, needed: needed) }

        // 1. 3-D spread of the raw samples: a circle or a point cannot determine an ellipsoid.
        let spread = covarianceSpread(points)
        guard spread >= settings.minimumSpread else {
            throw .insufficientCoverage(coverage: spread, needed: settings.minimumSpread)
        }

        // 2. Ellipsoid fit.
        let fit: EllipsoidFit
        switch EllipsoidFit.fit(points, maximumCondition: settings.maximumConditionNumber) {
        case .success(let result): fit = result
        case .failure(.illConditioned(let condition)):
            throw .illConditioned(conditionNumber: condition, limit: settings.maximumConditionNumber)
        case .failure(.insufficientData): throw .tooFewSamples(found: points.count, needed: needed)
        case .failure(.notAnEllipsoid): throw .notAnEllipsoid
        }

        guard fit.shapeUncertainty <= settings.maximumShapeUncertainty else {
            throw .undetermined(uncertainty: fit.shapeUncertainty, limit: settings.maximumShapeUncertainty)
        }

        // 3. Soft iron with determinant 1 and the field strength.
        let root = fit.unitTransform
        let rootDeterminant = root.determinant
        guard rootDeterminant > 0, rootDeterminant.isFinite else { throw .notAnEllipsoid }
        let softIron = root * (1 / cbrt(rootDeterminant))
        let field = fit.meanRadius
        guard settings.plausibleFieldStrength.contains(field) else {
            throw .implausible(
                "field strength \(CalibrationError.format(field)) µT outside "
                    + "\(settings.plausibleFieldStrength.lowerBound)…\(settings.plausibleFieldStrength.upperBound) µT")
        }
        let axisRatio = ((fit.shapeEigen.values.last ?? 0) / (fit.shapeEigen.values.first ?? 1)).squareRoot()
        guard axisRatio <= settings.maximumAxisRatio else {
            throw .implausible(
                "ellipsoid axis ratio \(CalibrationError.format(axisRatio)) above \(settings.maximumAxisRatio)")
        }

        // 4. Coverage of the corrected directions and the residual.
        var coverage = SphereCoverage()
        var squares = 0.0
        for point in points {
            let corrected = softIron * (point - fit.center)
            coverage.add(corrected)
            let error = corrected.norm - field
            squares += error * error
        }
        let residual = (squares / Double(points.count)).squareRoot()
        guard coverage.fraction >= settings.minimumCoverage else {
            throw .insufficientCoverage(coverage: coverage.fraction, needed: settings.minimumCoverage)
        }
        let limit = settings.maximumRelativeResidual * field
        guard residual <= limit else { throw .residualTooLarge(residual: residual, limit: limit, unit: "µT") }
        return MagnetometerCalibration(
            hardIron: fit.center, softIron: softIron, fieldStrength: field,
            quality: .init(
                residual: residual, coverage: coverage.fraction, samples: points.count,
                conditionNumber: fit.conditionNumber))
    }

    /// λmin / λmax of the samples' covariance: 1 for a sphere, 0.25 for a hemisphere-shaped cloud's flat axis,
    /// 0 for a circle.
    static func covarianceSpread(_ points: [Vector3]) -> Double {
        let mean = points.reduce(Vector3.zero, +) / Double(points.count)
        var covariance = Matrix3(diagonal: .zero)
        for p in points {
            let d = p - mean
            for i in 0..<3 {
                for j in 0..<3 { covariance[i, j] += d[i] * d[j] / Double(points.count) }
            }
        }
        guard let eigen = SymmetricEigen(covariance), let low = eigen.values.first, let high = eigen.values.last,
            high > 0
        else { return 0 }
        return max(0, low / high)
    }
}
