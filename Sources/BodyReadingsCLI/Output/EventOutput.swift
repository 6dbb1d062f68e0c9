import BodyReadings
import ReadingFormats

/// Runs the pipeline of an event command (`heart-rate`, `steps`, `altitude`) into its output: the live line on a
/// terminal (`human`), else CSV or JSON lines with the summary at the end — also after Ctrl-C, and with every row
/// before a bad input row written — and then says how many samples the processor rejected.
enum EventOutput {
    /// Runs `pipeline` into its processor's live line (format `human`) or an `EventOutputWriter` (`csv`, `jsonl`)
    /// that writes the processor's rows, stopping after `count` rows (nil: no limit). Returns the report and the
    /// number of rows.
    static func run<Input: PipelineInput, Processor: EventProcessor>(
        _ pipeline: Pipeline<Input, Processor>, format: String, count: Int?, console: Console,
        emergency: @escaping @Sendable () -> Void = {}
    ) throws -> (report: PipelineReport, rows: Int) {
        var pipeline = pipeline
        let result = try write(&pipeline, format: format, count: count, console: console, emergency: emergency)
        pipeline.processor.warnRejected(of: result.report.elements, console: console)
        return result
    }

    private static func write<Input: PipelineInput, Processor: EventProcessor>(
        _ pipeline: inout Pipeline<Input, Processor>, format: String, count: Int?, console: Console,
        emergency: @escaping @Sendable () -> Void
    ) throws -> (report: PipelineReport, rows: Int) {
        if format == "human" {
            var consumer = pipeline.processor.live(console: console, count: count)
            let report = try pipeline.run(into: &consumer, console: console, emergency: emergency)
            // End the live line before the closing note goes to stderr on the same terminal.
            try? console.write("\n")
            try? console.flush()
            return (report, consumer.rows)
        }
        let writer = EventOutputWriter<Processor.Summary>(
            format: format == "jsonl" ? .jsonl : .csv, sink: { try console.write(bytes: $0) },
            flush: { try console.flush() })
        try writer.writeHeader()
        var consumer = EventOutputConsumer(
            writer: writer, count: count, summary: pipeline.processor.summary(), row: Processor.row)
        let report: PipelineReport
        do {
            report = try pipeline.run(into: &consumer, console: console, emergency: emergency)
        } catch {
            // The rows before a bad input row are all written.
            try? writer.flush()
            throw error
        }
        pipeline.processor.amend(&consumer.summary)
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
