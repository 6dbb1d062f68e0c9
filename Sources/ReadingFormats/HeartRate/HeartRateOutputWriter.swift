import Pulse
import TextFormats

/// Writes beats as DESIGN.md's heart-rate output: CSV `t,heart_rate,rr_interval,quality`, one row per beat, or JSON
/// lines with the same fields and a closing `{"summary":{"beats":N,"mean_heart_rate":…,"duration":…}}`.
///
/// `t` is the beat's time (s), `heart_rate` the smoothed heart rate (beats/min), `rr_interval` the time since the
/// previous beat (s), `quality` `good`, `irregular` or `poor`. A value the detector did not give (no heart rate for
/// a beat that is not `good`, no interval for the first beat) is an empty field in CSV and `null` in JSON, never a
/// made-up number. Numbers are the shortest decimals that read back exactly (`DoubleText`). Rows are buffered:
/// `flush()` when a reader should see them (a live stream) and at the end.
public final class HeartRateOutputWriter {
    /// The CSV header columns, in order.
    public static let csvColumns = ["t", "heart_rate", "rr_interval", "quality"]

    /// CSV or JSON lines.
    public let format: MotionOutputFormat
    private let sink: ([UInt8]) throws -> Void
    private let flushSink: () throws -> Void
    private var pending: [UInt8] = []

    /// A writer onto any sink (`flush` is called after the buffered bytes were handed to `sink` in `flush()`).
    public init(
        format: MotionOutputFormat, sink: @escaping ([UInt8]) throws -> Void, flush: @escaping () throws -> Void = {}
    ) {
        self.format = format
        self.sink = sink
        self.flushSink = flush
        pending.reserveCapacity(1 << 12)
    }

    /// Writes the CSV header line; nothing for JSON lines.
    public func writeHeader() throws {
        guard format == .csv else { return }
        pending += Array((Self.csvColumns.joined(separator: ",") + "\n").utf8)
    }

    /// Writes one beat as a row (CSV) or an object (JSON lines).
    public func write(_ beat: Beat) throws {
        switch format {
        case .csv:
            DoubleText.appendShortest(beat.time, to: &pending)
            pending.append(UInt8(ascii: ","))
            if let rate = beat.heartRate { DoubleText.appendShortest(rate, to: &pending) }
            pending.append(UInt8(ascii: ","))
            if let interval = beat.rrInterval { DoubleText.appendShortest(interval, to: &pending) }
            pending.append(UInt8(ascii: ","))
            pending += Array(beat.quality.rawValue.utf8)
            pending.append(0x0A)
        case .jsonl:
            let object = JSONValue.object([
                ("t", .number(beat.time)),
                ("heart_rate", beat.heartRate.map(JSONValue.number) ?? .null),
                ("rr_interval", beat.rrInterval.map(JSONValue.number) ?? .null),
                ("quality", .string(beat.quality.rawValue)),
            ])
            pending += Array((object.rendered + "\n").utf8)
        }
        if pending.count >= 1 << 16 { try handOver() }
    }

    /// Writes the closing summary line (JSON lines only; nothing for CSV).
    public func writeSummary(_ summary: HeartRateSummary) throws {
        guard format == .jsonl else { return }
        let object = JSONValue.object([
            (
                "summary",
                .object([
                    ("beats", .number(Double(summary.beats))),
                    ("mean_heart_rate", summary.meanHeartRate.map(JSONValue.number) ?? .null),
                    ("duration", .number(summary.duration)),
                ])
            )
        ])
        pending += Array((object.rendered + "\n").utf8)
    }

    /// Hands everything written so far to the sink and flushes it.
    public func flush() throws {
        try handOver()
        try flushSink()
    }

    private func handOver() throws {
        guard !pending.isEmpty else { return }
        let bytes = pending
        pending.removeAll(keepingCapacity: true)
        try sink(bytes)
    }
}
