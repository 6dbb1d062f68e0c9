import Sensors

/// The per-sensor correction step a `SourceInput` applies to every reading before assembling samples (calibration:
/// gyroscope bias, accelerometer offset and matrix, magnetometer hard and soft iron; see
/// `SensorCalibration.readingCorrection`). Must be pure and cheap: it runs once per reading.
public typealias ReadingCorrection = @Sendable (SensorReading) -> SensorReading
