import BodyReadings
import ReadingFormats

/// Beats to a `HeartRateOutputWriter` (CSV or JSON lines, one row per beat): `heart-rate` piped or from a file.
/// Counts the beats for `--count` and keeps the summary (beats, mean heart rate, duration of signal).
struct HeartRateOutputConsumer: UpdateConsumer {
    let writer: HeartRateOutputWriter
    /// Stop after this many beats; nil: no limit.
    let count: Int?
    /// What the summary line will say.
    private(set) var summary = HeartRateSummary()

    init(writer: HeartRateOutputWriter, count: Int?) {
        self.writer = writer
        self.count = count
    }

    mutating func receive(_ update: HeartRateUpdate) throws -> ConsumerDemand {
        summary.observe(time: update.timestamp)
        guard let beat = update.beat else { return .more }
        try writer.write(beat)
        summary.add(beat)
        if let count, summary.beats >= count { return .enough }
        return .more
    }

    func idle() throws {
        try writer.flush()
    }
}
