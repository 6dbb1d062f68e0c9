import BodyReadings
import Foundation
import Sensors
import TestSupport
import Testing
@testable import BodyReadingsCLI

/// Runs `bodyreadings ARGS` with captured output.
func runStream(_ arguments: [String], terminal: Bool = false) -> (status: Int32, stdout: String, stderr: String) {
    let (console, captured) = Console.capture(outputIsTerminal: terminal)
    let status = BodyReadingsTool.run(arguments: arguments, console: console)
    return (status, captured.stdout, captured.stderr)
}

@Suite("stream command")
struct StreamCommandTests {
    let header =
        "t,attitude_w,attitude_x,attitude_y,attitude_z,rotation_rate_x,rotation_rate_y,rotation_rate_z,gravity_x,"
        + "gravity_y,gravity_z,user_acceleration_x,user_acceleration_y,user_acceleration_z"

    @Test func countStopsAfterThatManyRowsAtTheInterval() throws {
        let result = runStream(["stream", "--source", "sim", "--fast", "--count", "25", "--interval", "0.2"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first.map(String.init) == header)
        #expect(lines.count == 26)
        let times = lines.dropFirst().compactMap { Double($0.split(separator: ",")[0]) }
        #expect(times.count == 25)
        // Rows every 0.2 s of sample time (tolerance: half a 50 Hz sample period).
        for (a, b) in zip(times, times.dropFirst()) { #expect(abs(b - a - 0.2) < 0.01) }
        #expect(result.stderr.contains("stopped (count reached) after 25 updates"))
    }

    /// Numbers computed for a note or an error (a rate from an interval, an option's limits) are rounded for people.
    @Test func numbersInNotesAreRoundedForPeople() {
        let note = runStream(["stream", "--source", "sim", "--fast", "--count", "1", "--interval", "0.007"])
        #expect(note.status == 0, "\(note.stderr)")
        #expect(note.stderr.contains("≥ 142.9 Hz") && !note.stderr.contains("142.857"), "\(note.stderr)")
        let limits = runStream(["stream", "--source", "sim", "--duration", "0"])
        #expect(limits.status == 64)
        #expect(limits.stderr.contains("must be between 0.000001 and 1000000000, not 0"), "\(limits.stderr)")
    }

    @Test func durationStopsAfterThatMuchSampleTime() throws {
        let result = runStream(["stream", "--source", "sim", "--fast", "--duration", "3", "--interval", "0.5"])
        #expect(result.status == 0)
        let rows = result.stdout.split(separator: "\n").dropFirst()
        #expect(rows.count == 6)  // t = 0, 0.5, …, 2.5
        #expect(result.stderr.contains("duration reached"))
    }

    /// Gravity points where the simulated trajectory says: at rest flat on the table for its first 4 s, (0, 0, 9.81)
    /// within 2°.
    @Test func fusedGravityMatchesTheSimulatedRest() throws {
        let result = runStream(["stream", "--source", "sim", "--fast", "--duration", "4", "--format", "jsonl"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        let summary = try #require(lines.last)
        #expect(
            summary == #"{"summary":{"updates":40,"overruns":0,"missed_samples":0,"dropped_readings":0,"#
                + #""buffer_overflows":0}}"#)
        for line in lines.dropLast().suffix(20) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let gravity = try #require(object["gravity"] as? [String: Double])
            let (x, y, z) = (gravity["x"] ?? .nan, gravity["y"] ?? .nan, gravity["z"] ?? .nan)
            let angle = acos(z / (x * x + y * y + z * z).squareRoot()) * 180 / .pi
            #expect(angle < 2, "gravity (\(x), \(y), \(z))")
        }
    }

    /// A reader that goes away (EPIPE) ends the stream normally: exit 0, no error line.
    @Test func closedStdoutEndsTheStreamWithStatusZero() throws {
        var written = 0
        let console = Console(
            out: { bytes in
                written += bytes.count
                if written > 2000 { throw ConsoleError.closed }
            },
            err: { _ in })
        let status = BodyReadingsTool.run(
            arguments: ["stream", "--source", "sim", "--interval", "0.02", "--format", "csv"], console: console)
        #expect(status == 0)
        #expect(written > 2000)
    }

    @Test func humanViewOnATerminalIsOneRefreshingLine() throws {
        let result = runStream(["stream", "--source", "sim", "--fast", "--count", "5"], terminal: true)
        #expect(result.status == 0)
        #expect(result.stdout.contains("\r\u{1B}[K"))
        #expect(result.stdout.contains("roll"))
        #expect(result.stdout.filter { $0 == "\n" }.count == 1)
    }

    @Test func rawStreamsTheRecordingFormat() throws {
        let result = runStream(["stream", "--source", "sim", "--fast", "--count", "10", "--raw"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == "t,accel_x,accel_y,accel_z,anglvel_x,anglvel_y,anglvel_z,magn_x,magn_y,magn_z")
        #expect(lines.count == 11)
    }

    @Test(arguments: [
        (["--interval", "0"], "--interval"),
        (["--interval", "-1"], "--interval"),
        (["--interval", "abc"], "--interval"),
        (["--interval", "0.0001"], "shorter than the sensor allows"),
        (["--format", "xml"], "--format"),
        (["--units", "furlongs"], "--units"),
        (["--count", "0"], "--count"),
        (["--raw", "--format", "jsonl"], "--raw"),
        (["--seed", "x"], "--seed"),
    ])
    func usageErrors(extra: [String], fragment: String) {
        let result = runStream(["stream", "--source", "sim", "--fast"] + extra)
        #expect(result.status == 64)
        #expect(result.stderr.contains(fragment))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func unknownSourceIsAUsageError() {
        let result = runStream(["stream", "--source", "camera"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("use iio, sim, replay:FILE or serve[:SOCKET]"))
    }

    /// An `ip:` address nobody serves: the sensor is unavailable (69), in one line.
    @Test func unreachableContextIsUnavailable() {
        let result = runStream(["stream", "--uri", "ip:127.0.0.1:1"])
        #expect(result.status == 69)
        #expect(result.stderr.hasPrefix("error: "))
    }

    @Test func malformedRecordingIsADataError() throws {
        let scratch = try TemporaryDirectory(prefix: "bodyreadings-stream")
        let path = scratch.file("bad.csv")
        try "t,accel_x,accel_y,accel_z,anglvel_x,anglvel_y,anglvel_z\n0,0,0,9.8,0,0,0\n0.01,0,zero,9.8,0,0,0\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = runStream(["stream", "--source", "replay:\(path)", "--fast", "--interval", "0.01"])
        #expect(result.status == 65)
        #expect(result.stderr.contains(":3"))
    }
}

@Suite("capture errors as CLI errors")
struct CaptureErrorExitCodeTests {
    @Test(arguments: [
        (CaptureError.Kind.noMotionSensors, ExitCode.unavailable, "try '--source sim'"),
        (.notFound, .unavailable, nil),
        (.vanished, .unavailable, nil),
        (.busy, .unavailable, "iio-sensor-proxy"),
        (.permissionDenied, .noPermission, "udev/60-bodyreadings.rules"),
        (.malformedInput, .dataError, nil),
        (.io, .ioError, nil),
        (.invalidRequest, .usage, nil),
        (.internalError, .software, nil),
    ] as [(CaptureError.Kind, ExitCode, String?)])
    func kindMapsToSysexitsAndFix(kind: CaptureError.Kind, status: ExitCode, fix: String?) {
        let error = CaptureError(kind, "message")
        #expect(error.cliError(environment: Console.detachedEnvironment).exitCode == status)
        if let fix {
            #expect(error.cliError(environment: Console.detachedEnvironment).message.hasPrefix("message; ") && error.cliError(environment: Console.detachedEnvironment).message.contains(fix))
        } else {
            #expect(error.cliError(environment: Console.detachedEnvironment).message == "message")
        }
    }

    /// The library's error says what happened; the CLI's names the fix.
    @Test func permissionAndBusyMessagesNameTheFix() {
        let permission = CaptureError(SensorError(.permissionDenied, "cannot open /dev/iio:device0"))
        #expect(permission.kind == .permissionDenied)
        #expect(permission.message == "cannot open /dev/iio:device0")
        #expect(
            permission.cliError(environment: Console.detachedEnvironment).message.contains("udev/60-bodyreadings.rules")
                && permission.cliError(environment: Console.detachedEnvironment).message.contains("'iio'"))
        let busy = CaptureError(SensorError(.busy, "iio:device0 busy"))
        #expect(busy.message == "iio:device0 busy")
        #expect(busy.cliError(environment: Console.detachedEnvironment).message.contains("iio-sensor-proxy"))
    }

    /// A slow delivery is a value; the CLI phrases the advice with its option, the library without.
    @Test func slowDeliveryNamesTheIntervalOptionOnlyInTheCLI() {
        let note = CaptureNote.slowDelivery(device: "iio:device0 (bmi160)", achieved: 612, rate: 800, cause: .network)
        #expect(!note.description.contains("--"))
        #expect(note.description.contains("about 612 samples/s of 800 Hz"))
        #expect(
            note.cliText == "warning: iio:device0 (bmi160): the network delivers about 612 samples/s of 800 Hz; "
                + "use a longer --interval (bigger batches per round trip)")
        let polling = CaptureNote.slowDelivery(device: "d", achieved: 90, rate: 100, cause: .polling)
        #expect(polling.cliText.hasSuffix("(each read is a round trip); use a longer --interval"))
        #expect(CaptureNote.info("sim: sampling at 100 Hz").cliText == "sim: sampling at 100 Hz")
    }
}
