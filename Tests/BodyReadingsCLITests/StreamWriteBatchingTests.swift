import Testing
@testable import BodyReadingsCLI

/// A 1 kHz stream wakes once per two intervals (`WakeBatching`) and hands the rows of one wake-up to stdout in one
/// write: half as many writes as rows, each of whole rows sampled within two intervals (the latency bound: one
/// interval more than with a wake-up per interval).
@Suite("stream write batching")
struct StreamWriteBatchingTests {
    /// What stdout received, one entry per write.
    final class Writes: @unchecked Sendable {
        // @unchecked: filled by the command on the test's thread, read after it returned.
        var chunks: [String] = []
    }

    func run(_ arguments: [String]) -> (status: Int32, writes: [String]) {
        let writes = Writes()
        let console = Console(out: { writes.chunks.append(String(decoding: $0, as: UTF8.self)) }, err: { _ in })
        let status = BodyReadingsTool.run(arguments: arguments, console: console)
        return (status, writes.chunks)
    }

    @Test func rowsOfOneWakeUpLeaveInOneWrite() throws {
        let interval = 0.001
        let result = run([
            "stream", "--source", "sim", "--interval", "\(interval)", "--duration", "0.6", "--format", "csv",
        ])
        #expect(result.status == 0)
        let rows = result.writes.joined().split(separator: "\n").dropFirst()
        #expect(rows.count == 600)
        // One write per wake-up, every 2 ms: 300 (a late wake-up catches up one batch at a time, so no more);
        // one per row would be 600, one per 1 ms wake-up 360 (the 1 ms ticks that complete a row).
        #expect(result.writes.count <= 305, "\(result.writes.count) writes for \(rows.count) rows")
        for chunk in result.writes {
            #expect(chunk.hasSuffix("\n"), "a write ends mid-row: \(chunk.suffix(40))")
            let times = chunk.split(separator: "\n").compactMap { Double($0.prefix { $0 != "," }) }
            guard let first = times.first, let last = times.last else { continue }
            // The rows of one write were sampled within one wake-up period, two intervals: none waited more than
            // one interval longer than with a wake-up per interval (at 1600 Hz: at most 1.875 ms of sample time).
            #expect(last - first < 2 * interval, "rows from \(first) to \(last) s in one write")
        }
    }

    /// A count that ends inside a batch still gets exactly that many rows, all written.
    @Test func countEndingInsideABatchWritesEveryRow() {
        let result = run(["stream", "--source", "sim", "--interval", "0.001", "--count", "7", "--format", "csv"])
        #expect(result.status == 0)
        #expect(result.writes.joined().split(separator: "\n").count == 8)
    }
}
