import Foundation
import TestSupport
import Testing
@testable import BodyReadingsCLI

@Suite("record command")
struct RecordCommandTests {
    /// `record` then `fuse --interval` prints byte for byte what `stream` printed for the same source and interval.
    @Test(arguments: [0.1, 0.02])
    func recordThenFuseReproducesStream(interval: Double) throws {
        let scratch = try TemporaryDirectory(prefix: "bodyreadings-record")
        let path = scratch.file("sim.csv")
        let common = ["--source", "sim", "--seed", "7", "--fast", "--duration", "12", "--interval", "\(interval)"]
        let streamed = runStream(["stream"] + common + ["--format", "csv"])
        #expect(streamed.status == 0)
        let recorded = runStream(["record", path] + common)
        #expect(recorded.status == 0)
        let fused = runStream(["fuse", path, "--interval", "\(interval)"])
        #expect(fused.status == 0)
        #expect(streamed.stdout.split(separator: "\n").count > 100)
        #expect(fused.stdout == streamed.stdout)
    }

    /// A recording replayed through `stream --source replay:` gives the same fused output as streaming the source.
    @Test func replayOfARecordingStreamsTheSame() throws {
        let scratch = try TemporaryDirectory(prefix: "bodyreadings-record")
        let path = scratch.file("sim.csv")
        let sim = ["--source", "sim", "--seed", "3", "--fast", "--duration", "5"]
        #expect(runStream(["record", path] + sim).status == 0)
        let direct = runStream(["stream"] + sim + ["--format", "csv"])
        let replayed = runStream(["stream", "--source", "replay:\(path)", "--fast", "--format", "csv"])
        #expect(replayed.status == 0)
        #expect(replayed.stdout == direct.stdout)
        #expect(replayed.stderr.contains("end of input"))
    }

    @Test func countLimitsSamplesAndDashWritesToStdout() {
        let result = runStream(["record", "-", "--source", "sim", "--fast", "--count", "7", "--no-ppg"])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").count == 8)
    }

    @Test func unwritableFileIsAnIOError() {
        let result = runStream(["record", "/nonexistent-dir/x.csv", "--source", "sim", "--fast", "--count", "1"])
        #expect(result.status == 74)
        #expect(result.stderr.hasPrefix("error: "))
    }

    @Test func missingFileArgumentIsAUsageError() {
        #expect(runStream(["record", "--source", "sim"]).status == 64)
    }
}
