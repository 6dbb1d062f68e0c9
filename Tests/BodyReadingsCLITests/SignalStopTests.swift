import Foundation
import Testing
import TestSupport

/// A closed terminal or SSH session (SIGHUP) and SIGQUIT stop a command cleanly, as SIGINT and SIGTERM
/// do — the same path that restores the device's settings — instead of killing it with the device left changed and
/// the output unfinished.
@Suite("SIGHUP and SIGQUIT stop like Ctrl-C", .enabled(if: PackagePaths.builtExecutable("bodyreadings") != nil))
struct SignalStopTests {
    @Test(arguments: [SIGHUP, SIGQUIT, SIGINT, SIGTERM])
    func recordStopsCleanlyAndFinishesTheFile(signal: Int32) throws {
        let tool = try #require(PackagePaths.builtExecutable("bodyreadings"))
        let scratch = try TemporaryDirectory(prefix: "bodyreadings-signal")
        let output = scratch.file("rec.csv")
        let log = scratch.file("stderr.txt")
        let child = try ChildProcess(
            tool, ["record", output, "--source", "sim", "--duration", "600"], standardError: .file(log))
        defer { child.terminate() }
        // Wait until it samples (its first note), then send the signal.
        let deadline = Date().addingTimeInterval(20)
        while (FileManager.default.contents(atPath: log)?.count ?? 0) == 0, Date() < deadline { usleep(20_000) }
        usleep(300_000)
        child.send(signal)
        #expect(child.exitCode() == 0, "signal \(signal): not a clean stop")
        let note = String(decoding: FileManager.default.contents(atPath: log) ?? Data(), as: UTF8.self)
        #expect(note.contains("stopped (interrupted)"), "\(note)")
        let text = String(decoding: FileManager.default.contents(atPath: output) ?? Data(), as: UTF8.self)
        #expect(text.hasPrefix("t,accel_x") && text.hasSuffix("\n"))
    }
}
