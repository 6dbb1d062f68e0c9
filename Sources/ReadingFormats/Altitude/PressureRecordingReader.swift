/// Streams a barometer's recording, for the altimeter: a CSV whose header holds `t` (seconds) and `pressure` (kPa,
/// IIO's unit) and, optionally, `temperature` (°C, the sensor's); other columns are ignored. A row with an empty
/// pressure carries no sample (another sensor's row) and is skipped; an empty temperature means none on that row.
/// Malformed input is a `RecordingError` (`contents` `.pressure`) naming file, line and column. Constant memory
/// (`ColumnReader`).
public final class PressureRecordingReader: ColumnRecordingReader {
    /// The file path, or `<stdin>`, for messages.
    public var source: String { reader.source }
    /// True when the header has a `temperature` column.
    public let hasTemperature: Bool
    private let reader: ColumnReader

    /// Opens `source` and reads its header. Throws `.cannotOpen` when it cannot be opened.
    public init(_ source: RecordingSource) throws(RecordingError) {
        let reader = try ColumnReader(source, contents: .pressure)
        try reader.choose("pressure")
        hasTemperature = reader.columns.contains("temperature")
        if hasTemperature { try reader.choose("temperature") }
        self.reader = reader
    }

    /// The next sample (`t` s, `pressure` kPa, `temperature` °C or nil), or nil at the end of the recording.
    public func next() throws(RecordingError) -> (t: Double, pressure: Double, temperature: Double?)? {
        while let t = try reader.nextRow() {
            let values = reader.values
            if values[0].isNaN { continue }
            let temperature = hasTemperature && !values[1].isNaN ? values[1] : nil
            return (t, values[0], temperature)
        }
        return nil
    }
}
