import Foundation
import TestSupport
import Testing

@testable import ReadingsStore

/// A writer process killed with SIGKILL (no chance to flush or close): the store holds every reading up to one flush
/// interval before the kill, is intact, and takes a new writer. The writer is `bodyreadings-store-writer`
/// (`Tests/Rigs`), recording one step and one heart-rate sample per simulated second.
@Suite struct KilledWriterTests {
    static let writer = PackagePaths.builtExecutable("bodyreadings-store-writer")

    static func monotonicNow() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    @Test(.enabled(if: writer != nil, "needs the built bodyreadings-store-writer"))
    func aKilledWriterLosesAtMostTheLastFlushInterval() throws {
        let file = try StoreFile()
        let interval = 0.2
        let child = try ChildProcess(try #require(Self.writer), [file.path, "\(interval)"], standardOutput: .pipe)
        let output = try #require(child.output)
        defer { close(output) }
        // Each line: the number of steps recorded so far and the monotonic time it was recorded at.
        var records: [(count: Int, time: Double)] = []
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        func readLines() -> Bool {
            let count = read(output, &chunk, chunk.count)
            guard count > 0 else { return false }
            pending += chunk[0..<count]
            while let newline = pending.firstIndex(of: 10) {
                let fields = String(decoding: pending[..<newline], as: UTF8.self).split(separator: " ")
                pending.removeSubrange(...newline)
                if fields.count == 2, let count = Int(fields[0]), let time = Double(fields[1]) {
                    records.append((count, time))
                }
            }
            return true
        }
        let deadline = Self.monotonicNow() + 60
        func ranFor() -> Double { (records.last?.time ?? 0) - (records.first?.time ?? .infinity) }
        while ranFor() < 8 * interval, Self.monotonicNow() < deadline {
            guard readLines() else { break }
        }
        let killedAt = Self.monotonicNow()
        child.send(SIGKILL)
        #expect(child.wait() != nil)
        while readLines() {}
        let recorded = try #require(records.last).count
        // A flush starts at most `interval` after a reading; allow a second for it to run on a loaded machine.
        let mustHave = records.last { $0.time <= killedAt - interval - 1 }?.count ?? 0
        #expect(mustHave > 0, "the writer ran \(records.count) records without a flush old enough to check")

        let store = try file.open(.readOnly)
        let everything = TimeRange(start: 0, end: 4e9)
        let stored = try #require(try store.steps(in: everything)).steps
        #expect(stored >= mustHave, "lost more than one flush interval: \(stored) of \(recorded) stored")
        // One more step may have been recorded (and flushed) but not printed before the kill.
        #expect(stored <= recorded + 1)
        let samples = try #require(try store.heartRate(in: everything)).samples
        #expect(abs(samples - stored) <= 1, "steps and samples are flushed together")

        let connection = try SQLiteConnection(path: file.path, access: .readOnly, busyTimeout: 1)
        let check = try connection.prepare("PRAGMA integrity_check")
        try check.bind([])
        #expect(try check.step())
        #expect(check.text(0) == "ok")
        #expect(try connection.integer("SELECT total(steps) FROM steps_hour") == Int64(stored))
        #expect(try connection.integer("SELECT count(*) FROM heart_rate_sample") == Int64(samples))

        // The service restarted: a new writer adds to what survived.
        let writer = try file.open()
        let recorder = manualRecorder(writer)
        recorder.recordSteps(1, at: Date().timeIntervalSince1970)
        try recorder.close()
        #expect(try store.steps(in: everything)?.steps == stored + 1)
        #expect(try file.open(.readOnly).steps(in: everything)?.steps == stored + 1)
        #expect(try writer.steps(in: everything)?.steps == stored + 1)
    }
}
