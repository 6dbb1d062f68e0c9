/// Why an estimator refused to produce a calibration. Every case carries the measured figure and the limit, and its
/// `description` says what to do differently.
public enum CalibrationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not enough samples (or still samples) to estimate anything.
    case tooFewSamples(found: Int, needed: Int)
    /// The device moved while it should have been still (gyroscope calibration). `figure` names what exceeded
    /// its limit, e.g. "gyroscope y standard deviation".
    case motionDetected(figure: String, value: Double, limit: Double)
    /// Fewer distinct still poses than the method needs.
    case tooFewPoses(found: Int, needed: Int)
    /// The poses or samples do not spread over enough directions (e.g. all in one plane); `coverage` is 0...1.
    case insufficientCoverage(coverage: Double, needed: Double)
    /// Six-position method: no still pose was found for these faces (e.g. "+x", "−z").
    case missingFaces([String])
    /// The least-squares problem does not determine the parameters.
    case illConditioned(conditionNumber: Double, limit: Double)
    /// The fit leaves the shape uncertain: its relative standard error exceeds the limit (e.g. rotation through only
    /// two planes, where the data cannot tell a cross-axis term from noise).
    case undetermined(uncertainty: Double, limit: Double)
    /// The fitted surface is not an ellipsoid: the data are not sensor readings of a constant field.
    case notAnEllipsoid
    /// The fitted model explains the data poorly (RMS residual in the sensor's unit).
    case residualTooLarge(residual: Double, limit: Double, unit: String)
    /// The result is outside what any working sensor produces (e.g. a scale of 3).
    case implausible(String)

    public var description: String {
        switch self {
        case .tooFewSamples(let found, let needed):
            return "only \(found) usable samples, at least \(needed) needed; record for longer"
        case .motionDetected(let figure, let value, let limit):
            return "the device moved: \(figure) \(Self.format(value)) exceeds \(Self.format(limit)); "
                + "put it on a steady surface and do not touch it"
        case .tooFewPoses(let found, let needed):
            return "found \(found) distinct still poses, at least \(needed) needed; hold the device still "
                + "(≥ 1 s) in more orientations, e.g. on each of its six faces"
        case .insufficientCoverage(let coverage, let needed):
            return "the data cover too few directions (coverage \(Self.format(coverage)), at least "
                + "\(Self.format(needed)) needed); turn the device through more orientations, not just in one plane"
        case .missingFaces(let faces):
            return "no still pose with \(faces.joined(separator: ", ")) pointing up; rest the device on each of its "
                + "six faces for a few seconds, or use nine or more poses in any orientations"
        case .illConditioned(let condition, let limit):
            return "the data do not determine the calibration (condition number \(Self.format(condition)) > "
                + "\(Self.format(limit))); use orientations spread over all directions"
        case .undetermined(let uncertainty, let limit):
            return "the data determine the calibration only to ±\(Self.format(uncertainty * 100)) % (at most "
                + "±\(Self.format(limit * 100)) % accepted); turn the device through more orientations, in every "
                + "plane, not only about one or two axes"
        case .notAnEllipsoid:
            return "the readings do not lie on an ellipsoid; keep away from moving magnets and metal, and rotate "
                + "the device slowly"
        case .residualTooLarge(let residual, let limit, let unit):
            return "the fit is poor (RMS residual \(Self.format(residual)) \(unit) > \(Self.format(limit)) \(unit)); "
                + "keep still in each pose, away from magnets and metal, and try again"
        case .implausible(let what):
            return "implausible result: \(what); check the sensor and its scale, then try again"
        }
    }

    static func format(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : "∞" }
        let magnitude = abs(value)
        if magnitude != 0, magnitude < 1e-3 || magnitude >= 1e6 {
            let exponent = Int((log10Floor(magnitude)))
            let mantissa = value / pow10(exponent)
            return "\(rounded(mantissa, digits: 3))e\(exponent)"
        }
        return "\(rounded(value, digits: 4))"
    }

    private static func rounded(_ value: Double, digits: Int) -> Double {
        let factor = pow10(digits)
        return (value * factor).rounded() / factor
    }

    private static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<abs(exponent) { result *= 10 }
        return exponent < 0 ? 1 / result : result
    }

    private static func log10Floor(_ value: Double) -> Int {
        var exponent = 0
        var v = value
        while v >= 10 { v /= 10; exponent += 1 }
        while v < 1 { v *= 10; exponent -= 1 }
        return exponent
    }
}
