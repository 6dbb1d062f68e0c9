import BodyReadings
import ReadingFormats

/// Runs the pipeline of an event command (`heart-rate`, `steps`) into its output: the live line on a terminal
/// (`human`), else CSV or JSON lines with the summary at the end — also after Ctrl-C, and with every row before a
/// bad input row written.
enum EventOutput {
    /// Runs `pipeline` into `live` (format `human`) or an `EventOutputWriter` (`csv`, `jsonl`) that writes the rows
    /// `row` takes from the updates; `amend` completes the summary from the pipeline after the run. Returns the
    /// report and the number of rows.
    static func run<Input: PipelineInput, Processor: ReadingProcessor, Live: LiveEventConsumer, Summary: EventSummary>(
        _ pipeline: inout Pipeline<Input, Processor>, format: String, count: Int?, console: Console,
        live: Live, summary: Summary, row: @escaping (Processor.Output) -> (time: Double, row: Summary.Row?),
        amend: (Pipeline<Input, Processor>, inout Summary) -> Void = { _, _ in },
        emergency: @escaping @Sendable () -> Void
    ) throws -> (report: PipelineReport, rows: Int) where Live.Update == Processor.Output {
        if format == "human" {
            var consumer = live
            let report = try pipeline.run(into: &consumer, console: console, emergency: emergency)
            // End the live line before the closing note goes to stderr on the same terminal.
            try? console.write("\n")
            try? console.flush()
            return (report, consumer.rows)
        }
        let writer = EventOutputWriter<Summary>(
            format: format == "jsonl" ? .jsonl : .csv, sink: { try console.write(bytes: $0) },
            flush: { try console.flush() })
        try writer.writeHeader()
        var consumer = EventOutputConsumer(writer: writer, count: count, summary: summary, row: row)
        let report: PipelineReport
        do {
            report = try pipeline.run(into: &consumer, console: console, emergency: emergency)
        } catch {
            // The rows before a bad input row are all written.
            try? writer.flush()
            throw error
        }
        amend(pipeline, &consumer.summary)
        if report.ending != .outputClosed {
            try? writer.writeSummary(consumer.summary)
            try? writer.flush()
        }
        return (report, consumer.summary.rows)
    }
}

/// The live line of an event command on a terminal: it counts the events it showed.
protocol LiveEventConsumer: UpdateConsumer {
    /// The events shown so far.
    var rows: Int { get }
}
