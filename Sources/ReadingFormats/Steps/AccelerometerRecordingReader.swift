import MotionMath

/// Streams the accelerometer of a recording, for the step detector: a CSV whose header holds `t` (seconds) and
/// `accel_x`, `accel_y`, `accel_z` (m/s², specific force): the full recording format of docs/formats.md or an
/// accelerometer-only file `t,accel_x,accel_y,accel_z`; other columns (gyroscope, magnetometer, PPG) are ignored but
/// a barometer's `pressure` (kPa) and `temperature` (°C), which `nextRow()` gives beside the accelerometer for the
/// flights climbed.
///
/// A row whose three accelerometer fields are all empty carries no sample (a PPG row of a `record` file) and is
/// skipped; one with only some of them empty is malformed. Malformed input is a `RecordingError` (`contents`
/// `.accelerometer`) naming file, line and column. Constant memory (`ColumnReader`).
public final class AccelerometerRecordingReader: ColumnRecordingReader {
    /// The accelerometer columns, in order.
    public static let columns = ["accel_x", "accel_y", "accel_z"]

    /// The file path, or `<stdin>`, for messages.
    public var source: String { reader.source }
    /// True when the header has a `pressure` column (and `nextRow()` gives the barometer's samples).
    public let hasPressure: Bool
    private let hasTemperature: Bool
    private let reader: ColumnReader

    /// Opens `source` and reads its header. Throws `.cannotOpen` when it cannot be opened.
    public init(_ source: RecordingSource) throws(RecordingError) {
        let reader = try ColumnReader(source, contents: .accelerometer)
        for column in Self.columns { try reader.choose(column) }
        hasPressure = reader.columns.contains("pressure")
        hasTemperature = hasPressure && reader.columns.contains("temperature")
        if hasPressure { try reader.choose("pressure") }
        if hasTemperature { try reader.choose("temperature") }
        self.reader = reader
    }

    /// The next accelerometer sample (`t`, specific force in m/s²), or nil at the end of the recording.
    public func next() throws(RecordingError) -> (t: Double, acceleration: Vector3)? {
        while let row = try nextRow() {
            if let acceleration = row.acceleration { return (row.t, acceleration) }
        }
        return nil
    }

    /// The next row with an accelerometer sample or a pressure (kPa, with the temperature in °C when there is one),
    /// or nil at the end of the recording.
    public func nextRow() throws(RecordingError) -> (
        t: Double, acceleration: Vector3?, pressure: (kPa: Double, celsius: Double?)?
    )? {
        while let t = try reader.nextRow() {
            let values = reader.values
            let empty = values.prefix(3).filter(\.isNaN).count
            if empty > 0, empty < 3, let index = values.firstIndex(where: \.isNaN) {
                throw reader.failure(.notANumber(column: Self.columns[index], text: ""))
            }
            let acceleration = empty == 0 ? Vector3(values[0], values[1], values[2]) : nil
            let pressure = hasPressure && !values[3].isNaN ? values[3] : nil
            if acceleration == nil && pressure == nil { continue }
            let celsius = hasTemperature && !values[4].isNaN ? values[4] : nil
            return (t, acceleration, pressure.map { ($0, celsius) })
        }
        return nil
    }
}
