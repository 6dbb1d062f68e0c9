import BodyReadings
import ReadingFormats

/// The rows of a recording (`record`, `stream --raw`): calibrated IMU samples and, when the writer has PPG columns,
/// the pulse sensor's rows; with `console`, its stdout is flushed whenever the writer is. With `count`, it has enough
/// after that many IMU samples (PPG rows do not count: `record --count N` records N samples with or without a pulse
/// sensor).
struct RecordingConsumer: UpdateConsumer {
    let writer: RecordingWriter
    let console: Console?
    var count: Int?
    /// The IMU samples written.
    private(set) var samples = 0

    init(writer: RecordingWriter, console: Console?, count: Int? = nil) {
        self.writer = writer
        self.console = console
        self.count = count
    }

    mutating func receive(_ row: RecordingRow) throws -> ConsumerDemand {
        try writer.write(row)
        guard row.motion != nil else { return .more }
        samples += 1
        if let count, samples >= count { return .enough }
        return .more
    }

    func idle() throws {
        try writer.flush()
        try console?.flush()
    }
}
