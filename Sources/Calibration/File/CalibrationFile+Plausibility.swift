import MotionMath

extension CalibrationFile {
    /// Largest gyroscope bias component a calibration may hold, rad/s (20 °/s: twice the worst zero-rate offset in
    /// the datasheets of the parts in use, bmi160 and st_lsm6dsx ±10 °/s).
    public static let maximumGyroscopeBias = 20 * Double.pi / 180
    /// Largest accelerometer offset component, m/s² (3, the accelerometer calibrator's `maximumOffset`).
    public static let maximumAccelerometerOffset = 3.0
    /// Largest element of `accelerometer.matrix − identity` (0.3: scale factors 0.7–1.3, the calibrator's
    /// `plausibleScale`, and misalignments of up to about 17°).
    public static let maximumAccelerometerMatrixDeviation = 0.3
    /// Largest hard-iron component, µT (the magnetometer bound of `SampleBounds`: no offset a sensor can report).
    public static let maximumHardIron = SampleBounds.magnetometer
    /// Largest element of `magnetometer.soft_iron − identity` (1: an ellipsoid whose axes differ by a factor of two,
    /// the calibrator's `maximumAxisRatio`, stays well inside).
    public static let maximumSoftIronDeviation = 1.0

    /// What makes this calibration implausible — a value no working sensor needs, which applied would turn good
    /// readings into bad ones (a NaN bias makes every reading NaN) — or nil when every section is plausible. The
    /// store refuses to write such a file and reports a stored one as corrupt.
    public var implausibility: String? {
        // In file order; the first problem found is the one reported.
        let problems: [String?] = [
            gyroscope.flatMap { Self.problem($0.bias, "gyroscope.bias", Self.maximumGyroscopeBias, "rad/s") },
            accelerometer.flatMap {
                Self.problem($0.offset, "accelerometer.offset", Self.maximumAccelerometerOffset, "m/s²")
            },
            accelerometer.flatMap {
                Self.problem($0.matrix, "accelerometer.matrix", Self.maximumAccelerometerMatrixDeviation)
            },
            magnetometer.flatMap { Self.problem($0.hardIron, "magnetometer.hard_iron", Self.maximumHardIron, "µT") },
            magnetometer.flatMap {
                Self.problem($0.softIron, "magnetometer.soft_iron", Self.maximumSoftIronDeviation)
            },
        ]
        return problems.lazy.compactMap { $0 }.first
    }

    private static func problem(_ value: Vector3, _ name: String, _ limit: Double, _ unit: String) -> String? {
        guard value.isFinite else {
            return "'\(name)' is not finite (\(text(value.x)), \(text(value.y)), \(text(value.z)))"
        }
        guard value.maxMagnitude <= limit else {
            return "'\(name)' has a component of \(text(value.maxMagnitude)) \(unit), at most \(text(limit)) \(unit) "
                + "is plausible"
        }
        return nil
    }

    private static func problem(_ matrix: Matrix3, _ name: String, _ limit: Double) -> String? {
        guard matrix.isFinite else { return "'\(name)' is not finite" }
        let deviation = matrix.maximumDifference(to: .identity)
        guard deviation <= limit else {
            return "'\(name)' is far from the identity (an element differs by \(text(deviation)), at most "
                + "\(text(limit)) is plausible)"
        }
        return nil
    }

    private static func text(_ value: Double) -> String { CalibrationError.format(value) }
}
