import Foundation
import TestSupport
import Testing

@testable import BodyReadingsCLI

/// `calibrate show` reports a store file it cannot read by the I/O status, not as malformed data, and writes the
/// text of calibration files (sensor, tool) to the terminal with its control characters spelled out.
@Suite("calibrate show: unreadable files and text from files")
struct CalibrateShowSafetyTests {
    let sandbox: CalibrationSandbox

    init() throws {
        sandbox = try CalibrationSandbox(prefix: "calibrate-show")
    }

    func run(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
        let (console, captured) = Console.capture(environment: sandbox.environment)
        let status = BodyReadingsTool.run(arguments: arguments, console: console)
        return (status, captured.stdout, captured.stderr)
    }

    @Test func aStoreFileThatCannotBeReadIsAnIOErrorNotMalformedData() throws {
        let system = sandbox.directory + "/system"
        try FileManager.default.createDirectory(atPath: system, withIntermediateDirectories: true)
        // A link to itself: ELOOP on open, whoever runs it (root reads past permissions, not past a loop).
        #expect(symlink(system + "/loop.json", system + "/loop.json") == 0)
        let shown = run(["calibrate", "show"])
        #expect(shown.status == ExitCode.ioError.rawValue, "\(shown.stderr)")
        let errors = shown.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(errors.count == 1 && errors[0].contains("\(system)/loop.json"), "\(shown.stderr)")
    }

    @Test func sensorAndToolFromAFileReachTheTerminalAsText() throws {
        let recording = sandbox.directory + "/still.csv"
        try InjectedErrors.recording().write(toFile: recording, atomically: false, encoding: .utf8)
        let file = sandbox.directory + "/imu.json"
        let sensor = "imu\u{1B}]0;owned\u{07}\u{1B}[2J"
        let made = run([
            "calibrate", "gyro", "--source", "replay:\(recording)", "--fast", "--sensor", sensor, "--calibration", file,
        ])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(!made.stdout.contains("\u{1B}"), "the summary names the sensor as text: \(made.stdout)")
        let json = try String(contentsOfFile: file, encoding: .utf8)
        let tool = #""tool": "bodyreadings\u001b[31m red""#
        let edited = json.replacingOccurrences(
            of: #""tool"\s*:\s*"[^"]*""#, with: NSRegularExpression.escapedTemplate(for: tool),
            options: .regularExpression)
        #expect(edited != json, "the file names its tool: \(json)")
        try edited.write(toFile: file, atomically: false, encoding: .utf8)

        let shown = run(["calibrate", "show", "--calibration", file])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(!shown.stdout.contains("\u{1B}") && !shown.stdout.contains("\u{07}"), "\(shown.stdout)")
        #expect(shown.stdout.contains(#"sensor: imu\u{1B}]0;owned\u{7}\u{1B}[2J"#), "\(shown.stdout)")
        #expect(shown.stdout.contains(#"by bodyreadings\u{1B}[31m red"#), "\(shown.stdout)")
    }
}
