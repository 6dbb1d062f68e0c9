import MotionMath

/// Streams the accelerometer of a recording, for the step detector: a CSV whose header holds `t` (seconds) and
/// `accel_x`, `accel_y`, `accel_z` (m/s², specific force): the full recording format of docs/formats.md or an
/// accelerometer-only file `t,accel_x,accel_y,accel_z`; other columns (gyroscope, magnetometer, PPG) are ignored.
///
/// A row whose three accelerometer fields are all empty carries no sample (a PPG row of a `record` file) and is
/// skipped; one with only some of them empty is malformed. Malformed input is a `RecordingError` (`contents`
/// `.accelerometer`) naming file, line and column. Constant memory (`ColumnReader`).
public final class AccelerometerRecordingReader: ColumnRecordingReader {
    /// The accelerometer columns, in order.
    public static let columns = ["accel_x", "accel_y", "accel_z"]

    /// The file path, or `<stdin>`, for messages.
    public var source: String { reader.source }
    private let reader: ColumnReader

    /// Opens `source` and reads its header. Throws `.cannotOpen` when it cannot be opened.
    public init(_ source: RecordingSource) throws(RecordingError) {
        let reader = try ColumnReader(source, contents: .accelerometer)
        for column in Self.columns { try reader.choose(column) }
        self.reader = reader
    }

    /// The next accelerometer sample (`t`, specific force in m/s²), or nil at the end of the recording.
    public func next() throws(RecordingError) -> (t: Double, acceleration: Vector3)? {
        while let t = try reader.nextRow() {
            let values = reader.values
            let empty = values.filter(\.isNaN).count
            if empty == 3 { continue }
            if empty > 0, let index = values.firstIndex(where: \.isNaN) {
                throw reader.failure(.notANumber(column: Self.columns[index], text: ""))
            }
            return (t, Vector3(values[0], values[1], values[2]))
        }
        return nil
    }
}
