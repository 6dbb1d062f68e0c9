import BodyReadings
import Foundation
import TestSupport
import Testing

@testable import BodyReadingsCLI

/// Inputs that no sensor gives: times so close together that a buffer sized from their rate would exhaust memory,
/// and single values far beyond any sensor's range. Each is refused with one line (exit 65) or rejected and counted,
/// and the result of the rest of the recording stands.
@Suite("implausible input")
struct ImplausibleInputTests {
    static func temporaryFile(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("implausible-\(UUID().uuidString).csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// `bodyreadings ARGS` as a child process whose address space is capped at 2 GB, so that an allocation sized
    /// from a rate fails (status 134) instead of taking the machine's memory.
    static func runBounded(_ arguments: [String]) throws -> ProcessOutput {
        let executable = try #require(PackagePaths.builtExecutable("bodyreadings"), "build the bodyreadings product")
        let quoted = ([executable] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        return try Subprocess.run("/bin/sh", ["-c", "ulimit -v 2000000; exec " + quoted.joined(separator: " ")])
    }

    /// A 3,000-row `t,ppg` file whose times step by `step` seconds.
    static func pulseFile(step: Double) throws -> String {
        try temporaryFile(
            "t,ppg\n" + (0..<3000).map { i in
                "\(Double(i) * step),\(sin(Double(i) * 0.05))"
            }.joined(separator: "\n") + "\n")
    }

    @Test(
        "heart-rate refuses samples faster than a pulse sensor gives, with one line and 65",
        arguments: [(1e-12, "1000000000000"), (1e-9, "1000000000")])
    func heartRateRefusesAnImpossibleRate(step: Double, rate: String) throws {
        let path = try Self.pulseFile(step: step)
        defer { unlink(path) }
        let result = try Self.runBounded(["heart-rate", path])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(
            result.stderr == "error: \(path):10: the samples come at about \(rate) Hz, more than "
                + "the 5000 Hz this reading takes; t must be in seconds\n", "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    @Test("heart-rate and record replaying a recording whose PPG rows are impossibly fast: one line and 65")
    func replayRefusesAnImpossiblePulseRate() throws {
        let recorded = runStream(["record", "-", "--source", "sim", "--ppg", "--fast", "--duration", "5"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        var lines = recorded.stdout.split(separator: "\n").map(String.init)
        let header = lines.removeFirst()
        let rescaled = lines.enumerated().map { index, line in
            "\(Double(index) * 1e-11)" + line.drop { $0 != "," }
        }
        let path = try Self.temporaryFile(([header] + rescaled).joined(separator: "\n") + "\n")
        defer { unlink(path) }
        for arguments in [["heart-rate", "--source", "replay:\(path)", "--fast"], ["record", "-", "--source", "replay:\(path)", "--fast"]] {
            let result = try Self.runBounded(arguments)
            #expect(result.status == 65, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("error: \(path): the samples come at about 100000000000 Hz"), "\(result.stderr)")
        }
    }

    /// The samples of a simulated minute with a pulse sensor, as `record` writes them, with `value` in place of the
    /// infrared intensity of the PPG row nearest `time` when given.
    static func simulatedPulse(replacing time: Double? = nil, with value: String = "") throws -> String {
        let recorded = runStream(["record", "-", "--source", "sim", "--ppg", "--fast", "--duration", "60"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        var lines = recorded.stdout.split(separator: "\n").map(String.init)
        let column = try #require(lines[0].split(separator: ",").firstIndex(of: "ppg_ir"))
        if let time {
            let index = try #require(lines.indices.dropFirst().first { index in
                let fields = lines[index].split(separator: ",", omittingEmptySubsequences: false)
                return (Double(fields[0]) ?? 0) >= time && !fields[column].isEmpty
            })
            var fields = lines[index].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            fields[column] = value
            lines[index] = fields.joined(separator: ",")
        }
        return try temporaryFile(lines.joined(separator: "\n") + "\n")
    }

    /// `command` on the clean recording and on the one with a bad value (both removed afterwards): the rows each
    /// wrote (beats, steps) and the second's stderr; both must succeed.
    static func rows(_ command: String, clean: String, spiked: String) -> (clean: Int, spiked: Int, stderr: String) {
        defer {
            unlink(clean)
            unlink(spiked)
        }
        let expected = runStream([command, clean])
        let result = runStream([command, spiked])
        #expect(expected.status == 0 && result.status == 0, "\(result.stderr)")
        #expect(!expected.stderr.contains("unusable"))
        return (expected.stdout.split(separator: "\n").count - 1, result.stdout.split(separator: "\n").count - 1, result.stderr)
    }

    @Test("one PPG value of ±1e308 in a minute: rejected and counted, the beats as in the clean minute", arguments: ["1e308", "-1e308"])
    func oneImplausiblePulseValue(value: String) throws {
        let beats = Self.rows(
            "heart-rate", clean: try Self.simulatedPulse(), spiked: try Self.simulatedPulse(replacing: 30, with: value))
        #expect(beats.clean > 50)
        #expect(beats.spiked >= beats.clean - 4, "\(beats.spiked) beats, \(beats.clean) without the bad value")
        #expect(beats.stderr.contains("warning: 1 of "), "\(beats.stderr)")
        #expect(beats.stderr.contains("PPG samples were unusable"), "\(beats.stderr)")
    }

    @Test("one accelerometer value of 1e308 in a walk: skipped and counted, the steps as in the clean walk")
    func oneImplausibleAccelerometerValue() throws {
        let recorded = runStream(["record", "-", "--source", "sim", "--fast", "--duration", "120"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        var lines = recorded.stdout.split(separator: "\n").map(String.init)
        let clean = try Self.temporaryFile(lines.joined(separator: "\n") + "\n")
        var fields = lines[3000].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        fields[1] = "1e308"
        lines[3000] = fields.joined(separator: ",")
        let steps = Self.rows("steps", clean: clean, spiked: try Self.temporaryFile(lines.joined(separator: "\n") + "\n"))
        #expect(steps.clean > 80)
        #expect(abs(steps.spiked - steps.clean) <= 2, "\(steps.spiked) steps, \(steps.clean) without the bad value")
        #expect(steps.stderr.contains("warning: 1 of "), "\(steps.stderr)")
        #expect(steps.stderr.contains("accelerometer samples were unusable"), "\(steps.stderr)")
    }
}
