import BodyReadings
import ReadingFormats

/// A processor whose updates an event command (`heart-rate`, `steps`, `altitude`) writes through `EventOutput`: its
/// live line, its summary and rows, and what it says of the samples it rejected.
protocol EventProcessor: ReadingProcessor {
    associatedtype Live: LiveEventConsumer where Live.Update == Output
    associatedtype Summary: EventSummary
    /// The live line on a terminal, stopping after `count` rows (nil: no limit).
    func live(console: Console, count: Int?) -> Live
    /// The summary before the first row.
    func summary() -> Summary
    /// The time an update is at and the row it completes, if any.
    static func row(_ update: Output) -> (time: Double, row: Summary.Row?)
    /// Completes the summary of the CSV and JSON lines outputs after the run.
    func amend(_ summary: inout Summary)
    /// Says on stderr how many of the run's `elements` samples were rejected, if any.
    func warnRejected(of elements: Int, console: Console)
}

extension EventProcessor {
    func amend(_ summary: inout Summary) {}
}
