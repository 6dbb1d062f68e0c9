import TextFormats

/// Writes an event output (the heart-rate and steps outputs of docs/formats.md): CSV with a header and one row per
/// event, or JSON lines with the same fields and a closing `{"summary":{…}}` line.
///
/// A value a detector did not give is an empty field in CSV and `null` in JSON, never a made-up number. Numbers are
/// the shortest decimals that read back exactly (`DoubleText`). Rows are buffered: `flush()` when a reader should see
/// them (a live stream) and at the end.
public final class EventOutputWriter<Summary: EventSummary> {
    /// The CSV header columns, in order.
    public static var csvColumns: [String] { Summary.Row.csvColumns }

    /// CSV or JSON lines.
    public let format: MotionOutputFormat
    private let buffer: OutputBuffer

    /// A writer onto any sink (`flush` is called after the buffered bytes were handed to `sink` in `flush()`).
    public init(
        format: MotionOutputFormat, sink: @escaping ([UInt8]) throws -> Void, flush: @escaping () throws -> Void = {}
    ) {
        self.format = format
        self.buffer = OutputBuffer(sink: sink, flush: flush)
    }

    /// Writes the CSV header line; nothing for JSON lines.
    public func writeHeader() throws {
        guard format == .csv else { return }
        buffer.appendLine(Self.csvColumns.joined(separator: ","))
    }

    /// Writes one event as a row (CSV) or an object (JSON lines).
    public func write(_ row: Summary.Row) throws {
        switch format {
        case .csv:
            row.appendCSV(to: &buffer.pending)
            buffer.pending.append(0x0A)
        case .jsonl:
            buffer.appendLine(JSONValue.object(row.jsonMembers).rendered)
        }
        try buffer.handOverIfFull()
    }

    /// Writes the closing summary line (JSON lines only; nothing for CSV).
    public func writeSummary(_ summary: Summary) throws {
        guard format == .jsonl else { return }
        buffer.appendLine(JSONValue.object([("summary", .object(summary.jsonMembers))]).rendered)
    }

    /// Hands everything written so far to the sink and flushes it.
    public func flush() throws {
        try buffer.flush()
    }
}
