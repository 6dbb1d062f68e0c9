/// The calibration section a guided procedure computed, with what it was computed from.
public enum GuidedResult: Sendable, Equatable {
    /// Gyroscope bias from `stillSamples` samples.
    case gyroscope(GyroscopeCalibration, stillSamples: Int)
    /// Accelerometer offset and matrix from `poses` still poses (faces, the level pose, or free poses).
    case accelerometer(AccelerometerCalibration, poses: Int)
    /// Magnetometer hard and soft iron from `samples` samples with a rough `coverage` of directions (0…1).
    case magnetometer(MagnetometerCalibration, samples: Int, coverage: Double)

    /// Sets this section of `file`, keeping the others.
    public func apply(to file: inout CalibrationFile) {
        switch self {
        case .gyroscope(let calibration, _): file.gyroscope = calibration
        case .accelerometer(let calibration, _): file.accelerometer = calibration
        case .magnetometer(let calibration, _, _): file.magnetometer = calibration
        }
    }
}
