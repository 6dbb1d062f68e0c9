import BodyReadings
import ReadingFormats

/// Events to an `EventOutputWriter` (CSV or JSON lines, one row per event): `heart-rate` and `steps` piped or from a
/// file. Counts the rows for `--count` and keeps the summary.
struct EventOutputConsumer<Update, Summary: EventSummary>: UpdateConsumer {
    let writer: EventOutputWriter<Summary>
    /// Stop after this many rows; nil: no limit.
    let count: Int?
    /// What the summary line will say.
    var summary: Summary
    /// The time an update is at and the row it completes, if any.
    let row: (Update) -> (time: Double, row: Summary.Row?)

    mutating func receive(_ update: Update) throws -> ConsumerDemand {
        let (time, row) = self.row(update)
        summary.observe(time: time)
        guard let row else { return .more }
        try writer.write(row)
        summary.add(row)
        if let count, summary.rows >= count { return .enough }
        return .more
    }

    func idle() throws {
        try writer.flush()
    }
}
