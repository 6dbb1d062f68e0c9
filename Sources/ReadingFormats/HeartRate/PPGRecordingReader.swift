import Pulse

/// Streams the pulse of a PPG recording: a CSV whose header holds `t` (seconds) and a PPG column (`PPGColumns`:
/// `ppg`, else `ppg_ir`, `ppg_red`, `ppg_green`); other columns are ignored, so a recording made by `record` with a
/// pulse sensor reads as well as a bedside monitor's export.
///
/// Samples come out oriented for `BeatDetector`, rising at systole: `ppg` as it is, an intensity column negated.
/// A row whose PPG field is empty carries no sample (the rows of another sensor in a `record` file, a monitor's gap)
/// and is skipped; `t` must still increase over every row. Malformed input is a `RecordingError` naming file, line
/// and column (`contents` `.pulse`): a header without `t` or a PPG column, a field that is not a number, a row with
/// another field count than the header, `t` not finite or not increasing, samples faster than
/// `BeatDetector.maximumSampleRate` (the median of the first eight time steps, as the detector takes it).
///
/// Constant memory: rows are scanned in place (`ColumnReader`).
public final class PPGRecordingReader: ColumnRecordingReader {
    /// The file path, or `<stdin>`, for messages.
    public var source: String { reader.source }
    /// The column read.
    public let column: String
    /// The header's column names, in file order.
    public var columns: [String] { reader.columns }

    private let reader: ColumnReader
    /// −1 for an intensity column (negated), +1 for the pulse wave.
    private let sign: Double
    private var rateCheck = PPGRateCheck()

    /// Opens `source` and reads its header. Throws `.cannotOpen` when it cannot be opened.
    public init(_ source: RecordingSource) throws(RecordingError) {
        let reader = try ColumnReader(source, contents: .pulse)
        guard let column = PPGColumns.preference.first(where: reader.columns.contains) else {
            throw RecordingError(source: reader.source, line: 1, reason: .missingColumn(PPGColumns.wave), contents: .pulse)
        }
        try reader.choose(column)
        self.reader = reader
        self.column = column
        self.sign = PPGColumns.isIntensity(column) ? -1 : 1
    }

    /// The next sample, or nil at the end of the recording.
    public func next() throws(RecordingError) -> PPGSample? {
        while let t = try reader.nextRow() {
            let value = reader.values[0]
            guard !value.isNaN else { continue }
            if let refusal = rateCheck.add(t) { throw reader.failure(refusal) }
            return PPGSample(t: t, value: sign * value)
        }
        return nil
    }
}
