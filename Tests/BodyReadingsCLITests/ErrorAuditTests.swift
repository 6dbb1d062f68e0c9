import Calibration
import Foundation
import IIODTestServer
import TestSupport
import Testing
@testable import BodyReadingsCLI

/// Every failure is one `error:` line with its fix and the status of `docs/exit-codes.md`; no internal value or bare
/// errno; a lost iiod connection says so; text from devices, files and options never reaches a terminal raw.
@Suite("error audit: statuses, messages and what reaches the terminal")
struct ErrorAuditTests {
    static func errorLines(_ stderr: String) -> [Substring] {
        stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
    }

    @Test(
        "malformed usb: and ip: URIs are usage errors (64), one line naming the right form",
        arguments: ["usb:zz", "usb:1.2.3.4", "ip:[::1", "ip:ho st", "ip:host:0", "ip:"])
    func malformedURI(uri: String) {
        let result = runStream(["stream", "--uri", uri, "--count", "1"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(Self.errorLines(result.stderr).count == 1, "\(result.stderr)")
        let forms = ["ip:HOST[:PORT]", "usb:BUS.ADDRESS", "port '0' (1…65535)"]
        #expect(forms.contains { result.stderr.contains($0) }, "\(result.stderr)")
    }

    @Test(
        "impossible option combinations are usage errors (64)",
        arguments: [
            ["stream", "--source", "sim", "--raw", "--format", "human", "--count", "1"],
            ["stream", "--source", "sim", "--raw", "--format", "jsonl", "--count", "1"],
            ["stream", "--source", "sim", "--uri", "ip:localhost", "--count", "1"],
            ["stream", "--fast", "--uri", "ip:127.0.0.1:1", "--count", "1"],
            ["stream", "--source", "sim", "--calibration", "x.json", "--no-calibration", "--count", "1"],
            ["calibrate", "accel", "--level", "--free", "--source", "sim"],
            ["serve", "--token", "/nonexistent"],
        ])
    func impossibleCombination(arguments: [String]) {
        let result = runStream(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(Self.errorLines(result.stderr).count == 1, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("a write error on stdout names the cause in words, never an internal value or a bare errno")
    func stdoutWriteFailure() {
        var err: [UInt8] = []
        let console = Console(out: { _ in throw ConsoleError.failed(errno: ENOSPC) }, err: { err += $0 })
        let status = BodyReadingsTool.run(
            arguments: ["stream", "--source", "sim", "--fast", "--count", "5", "--format", "csv"], console: console)
        let stderr = String(decoding: err, as: UTF8.self)
        #expect(status == 74)
        #expect(stderr.contains("error: could not write to stdout: \(String(cString: strerror(ENOSPC)))"), "\(stderr)")
        #expect(!stderr.contains("errno") && !stderr.contains("failed("), "\(stderr)")
    }

    @Test("libiio failures read as what could not be done, without libiio's function names or error numbers")
    func unreachableContext() {
        let result = runStream(["stream", "--uri", "ip:127.0.0.1:1", "--count", "1"])
        #expect(result.status == 69)
        #expect(
            result.stderr.contains("error: cannot open 'ip:127.0.0.1:1': \(String(cString: strerror(ECONNREFUSED)))"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("iio_") && !result.stderr.contains("errno"), "\(result.stderr)")
    }

    @Test("a lost iiod connection says so, and names the settings it left changed")
    func lostConnection() throws {
        // As bodyreadings' main does: libiio's next write to the dropped socket must be EPIPE, not a fatal signal.
        signal(SIGPIPE, SIG_IGN)
        let server = try IIODTestServer(fixture: .bmi160)
        defer { server.stop() }
        let dropper = Thread {
            // Both frequencies changed (the message names both), then the stream runs a while.
            _ = waitUntil { server.acceptedWrites(of: "sampling_frequency") >= 2 }
            usleep(300_000)
            server.dropConnections()
        }
        dropper.start()
        let result = runStream(["stream", "--uri", server.uri, "--interval", "0.002", "--duration", "5", "--format", "csv"])
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("lost the connection to \(server.uri)"), "\(result.stderr)")
        #expect(result.stderr.contains("left changed: in_anglvel_sampling_frequency (was 100.000000"), "\(result.stderr)")
        #expect(Self.errorLines(result.stderr).count == 1, "\(result.stderr)")
        #expect(!result.stderr.contains("iio_") && !result.stderr.contains("(errno"), "\(result.stderr)")
    }

    @Test("escape sequences and line breaks from options, files and devices are neutralised on stderr")
    func controlCharactersAreNeutralised() {
        let evil = "ip:\u{1B}]0;owned\u{07}\u{1B}[2J"
        let result = runStream(["stream", "--uri", evil, "--count", "1"])
        #expect(result.status == 64)
        #expect(!result.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" }, "\(result.stderr)")
        #expect(result.stderr.contains("ip:\\u{1B}]0;owned\\u{7}\\u{1B}[2J"), "\(result.stderr)")
        let forged = runStream(["stream", "--source", "sim", "--seed", "1\nerror: forged", "--count", "1"])
        #expect(Self.errorLines(forged.stderr).count == 1, "\(forged.stderr)")
        #expect(forged.stderr.contains("1\\u{A}error: forged"), "\(forged.stderr)")
        let (console, captured) = Console.capture()
        console.note("bmi160\u{1B}[31m\nnext line\tcolumn\u{9B}")
        #expect(captured.stderr == "bmi160\\u{1B}[31m\nnext line\tcolumn\\u{9B}\n")
        #expect(Console.neutralised("plain text, ünïcode", keeping: []) == "plain text, ünïcode")
    }

    @Test("a calibration file that cannot be looked up is reported, and the stream continues uncalibrated")
    func calibrationLookupFailureIsReported() throws {
        let sandbox = try CalibrationSandbox(prefix: "lookup")
        let store = CalibrationStore(environment: sandbox.environment)
        let path = store.candidatePaths(forSensor: "sim:seed-1")[0]
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: sandbox.directory + "/gone.json")
        let (console, captured) = Console.capture(environment: sandbox.environment)
        let status = BodyReadingsTool.run(
            arguments: ["stream", "--source", "sim", "--fast", "--count", "3", "--format", "csv"], console: console)
        #expect(status == 0, "\(captured.stderr)")
        #expect(
            captured.stderr.contains("error: cannot read calibration file \(path): it is a symbolic link to a file "
                + "that does not exist"), "\(captured.stderr)")
        #expect(captured.stdout.split(separator: "\n").count == 4)
    }
}
