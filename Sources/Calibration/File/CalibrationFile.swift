import FoundationEssentials
import MotionMath

/// The calibration of one physical sensor, as stored in its JSON file (format: `Calibration/README.md`, schema:
/// `Calibration/calibration.schema.json`). Every section is optional: a file may hold only a gyroscope bias.
///
/// Apply it with `correctedAccelerometer(_:)`, `correctedGyroscope(_:)`, `correctedMagnetometer(_:)` or
/// `apply(accelerometer:gyroscope:magnetometer:)`; a missing section leaves that sensor's data unchanged.
public struct CalibrationFile: Sendable, Equatable {
    /// The format version this program reads and writes.
    public static let currentVersion = 1

    /// The stable identity of the physical sensor (from discovery, or `replay:<file name>` for a recording).
    public var sensor: String
    /// When the file was written (ISO 8601 in the file; whole seconds).
    public var created: Date
    /// The program that wrote it, e.g. "bodyreadings 0.1.0"; nil when unknown.
    public var tool: String?
    /// Gyroscope bias, or nil.
    public var gyroscope: GyroscopeCalibration?
    /// Accelerometer offset and matrix, or nil.
    public var accelerometer: AccelerometerCalibration?
    /// Magnetometer hard and soft iron, or nil.
    public var magnetometer: MagnetometerCalibration?

    /// Creates a file model. `created` is rounded down to whole seconds, the precision of the file.
    public init(
        sensor: String, created: Date = Date(), tool: String? = nil, gyroscope: GyroscopeCalibration? = nil,
        accelerometer: AccelerometerCalibration? = nil, magnetometer: MagnetometerCalibration? = nil
    ) {
        self.sensor = sensor
        self.created = Date(timeIntervalSince1970: created.timeIntervalSince1970.rounded(.down))
        self.tool = tool
        self.gyroscope = gyroscope
        self.accelerometer = accelerometer
        self.magnetometer = magnetometer
    }

    /// True when no section is present.
    public var isEmpty: Bool { gyroscope == nil && accelerometer == nil && magnetometer == nil }

    /// This file with the sections present in `newer` replaced by newer's, and newer's date and tool: calibrating
    /// the gyroscope keeps an existing accelerometer section.
    public func merging(_ newer: CalibrationFile) -> CalibrationFile {
        CalibrationFile(
            sensor: newer.sensor, created: newer.created, tool: newer.tool ?? tool,
            gyroscope: newer.gyroscope ?? gyroscope, accelerometer: newer.accelerometer ?? accelerometer,
            magnetometer: newer.magnetometer ?? magnetometer)
    }

    // MARK: Applying

    /// The corrected specific force, m/s² (unchanged without an accelerometer section).
    public func correctedAccelerometer(_ raw: Vector3) -> Vector3 {
        accelerometer?.corrected(raw) ?? raw
    }

    /// The corrected angular velocity, rad/s (unchanged without a gyroscope section).
    public func correctedGyroscope(_ raw: Vector3) -> Vector3 {
        gyroscope?.corrected(raw) ?? raw
    }

    /// The corrected magnetic field, µT (unchanged without a magnetometer section).
    public func correctedMagnetometer(_ raw: Vector3) -> Vector3 {
        magnetometer?.corrected(raw) ?? raw
    }

    /// Corrects one sample's three vectors.
    public func apply(
        accelerometer: Vector3, gyroscope: Vector3, magnetometer: Vector3? = nil
    ) -> (accelerometer: Vector3, gyroscope: Vector3, magnetometer: Vector3?) {
        (
            correctedAccelerometer(accelerometer), correctedGyroscope(gyroscope),
            magnetometer.map(correctedMagnetometer)
        )
    }

    /// Corrects one sample given as plain triples `[x, y, z]`; a triple of the wrong length is returned unchanged.
    public func apply(
        accelerometer: [Double], gyroscope: [Double], magnetometer: [Double]? = nil
    ) -> (accelerometer: [Double], gyroscope: [Double], magnetometer: [Double]?) {
        func vector(_ a: [Double]) -> Vector3? { a.count == 3 ? Vector3(a[0], a[1], a[2]) : nil }
        func array(_ v: Vector3) -> [Double] { [v.x, v.y, v.z] }
        return (
            vector(accelerometer).map { array(correctedAccelerometer($0)) } ?? accelerometer,
            vector(gyroscope).map { array(correctedGyroscope($0)) } ?? gyroscope,
            magnetometer.map { m in vector(m).map { array(correctedMagnetometer($0)) } ?? m }
        )
    }
}
