import BodyReadings
import Calibration
import Foundation
import MotionMath
import Testing
@testable import BodyReadingsCLI

/// Through the CLI in-process: record raw data with known injected errors, calibrate from
/// the recording, show the file, apply it with `stream` and `fuse`, reset it.
@Suite("calibration round trip", .serialized)
struct CalibrationAppliedRoundTripTests {
    let sandbox: CalibrationSandbox
    var directory: String { sandbox.directory }
    var environment: [String: String] { sandbox.environment }

    init() throws {
        sandbox = try CalibrationSandbox(prefix: "calibration-round-trip")
    }

    func run(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
        let (console, captured) = Console.capture(environment: environment)
        let status = BodyReadingsTool.run(arguments: arguments, console: console)
        return (status, captured.stdout, captured.stderr)
    }

    static func rows(_ text: String) -> [[Double]] {
        text.split(separator: "\n").dropFirst().map { $0.split(separator: ",").compactMap { Double(String($0)) } }
    }

    static func mean(_ rows: ArraySlice<[Double]>, _ column: Int) -> Vector3 {
        rows.reduce(Vector3.zero) { $0 + Vector3($1[column], $1[column + 1], $1[column + 2]) }
            / Double(max(rows.count, 1))
    }

    /// The simulator's gyroscope (bias (0.01, −0.006, 0.004) rad/s, white noise σ = 1.2e-4 rad/s·√rate) through
    /// the store: record raw while a decoy calibration is stored, calibrate from the recording under the
    /// simulator's identity, show, stream with it applied, reset.
    @Test func simulatorGyroscopeThroughTheStore() throws {
        let simulatedBias = Vector3(0.01, -0.006, 0.004)
        let store = CalibrationStore(environment: environment)
        // A decoy for the sensor: `record --no-calibration` must not apply it, or the bias found would be off.
        _ = try store.save(CalibrationFile(sensor: "sim:seed-1", gyroscope: GyroscopeCalibration(bias: Vector3(0.3, 0.3, 0.3))))

        // 1. Record raw: the simulator rests flat for its first 4 s.
        let still = directory + "/still.csv"
        let record = run([
            "record", still, "--source", "sim", "--fast", "--duration", "4", "--interval", "0.01", "--no-calibration",
        ])
        #expect(record.status == 0, "\(record.stderr)")
        #expect(!record.stderr.contains("calibration:"))

        // 2. Calibrate from the recording, stored for the simulator's sensor (replaces the decoy's section).
        let calibrate = run(["calibrate", "gyro", "--source", "replay:\(still)", "--fast", "--sensor", "sim:seed-1"])
        #expect(calibrate.status == 0, "\(calibrate.stderr)")
        let path = store.candidatePaths(forSensor: "sim:seed-1")[0]
        #expect(calibrate.stderr.contains("wrote \(path)"))
        let gyroscope = try #require(try store.load(sensor: "sim:seed-1")?.file.gyroscope)
        let quality = try #require(gyroscope.quality)
        // Within 3σ/√N of the still samples used (σ at the recording's rate).
        let sigma = 1.2e-4 * (Double(quality.samples) / quality.duration).squareRoot()
        #expect(quality.samples >= 300)
        #expect((gyroscope.bias - simulatedBias).maxMagnitude < 3 * sigma / Double(quality.samples).squareRoot())

        // 3. Shown.
        let shown = run(["calibrate", "show", "--sensor", "sim:seed-1"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("sensor: sim:seed-1"))
        #expect(shown.stdout.contains("gyroscope bias: [0.0"))

        // 4. Applied by stream: the corrected rotation rate at rest averages zero (the bias's own error + 3σ/√N).
        let stream = run(["stream", "--source", "sim", "--fast", "--duration", "4", "--interval", "0.01", "--raw"])
        #expect(stream.status == 0, "\(stream.stderr)")
        #expect(stream.stderr.contains("calibration: gyroscope from \(path)\n"))
        let rows = Self.rows(stream.stdout)
        #expect(rows.count >= 300)
        let tolerance = 2 * 3 * sigma / Double(rows.count).squareRoot()
        #expect((Self.mean(rows[...], 4)).maxMagnitude < tolerance)
        let uncorrected = Self.rows(
            run(["stream", "--source", "sim", "--fast", "--duration", "4", "--interval", "0.01", "--raw", "--no-calibration"])
                .stdout)
        #expect((Self.mean(uncorrected[...], 4) - simulatedBias).maxMagnitude < tolerance)

        // 5. Reset: gone, and stream applies nothing.
        let reset = run(["calibrate", "reset", "--sensor", "sim:seed-1"])
        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path))
        let after = run(["stream", "--source", "sim", "--fast", "--count", "5", "--interval", "0.01", "--raw"])
        #expect(after.status == 0)
        #expect(!after.stderr.contains("calibration:"))
        #expect(Self.rows(after.stdout) == Array(uncorrected.prefix(5)))
    }

    /// Six faces with the gyroscope bias, accelerometer offset and misaligned scale of `InjectedErrors`: record
    /// raw, calibrate gyro and accel into one named file, show it, apply it with `stream --source replay:` and
    /// `fuse`, reset it.
    @Test func sixFacesThroughANamedFile() throws {
        let source = directory + "/source.csv"
        try InjectedErrors.recording().write(toFile: source, atomically: false, encoding: .utf8)

        // 1. Record raw (a replay is recorded as it is).
        let faces = directory + "/faces.csv"
        let record = run(["record", faces, "--source", "replay:\(source)", "--fast", "--no-calibration"])
        #expect(record.status == 0, "\(record.stderr)")

        // 2. Calibrate both sensors into one file.
        let file = directory + "/board.json"
        for action in ["gyro", "accel"] {
            let calibrate = run(["calibrate", action, "--source", "replay:\(faces)", "--fast", "--calibration", file])
            #expect(calibrate.status == 0, "\(action): \(calibrate.stderr)")
            #expect(calibrate.stderr.contains("wrote \(file)"))
        }
        let written = try CalibrationStore.read(path: file)
        let gyroscope = try #require(written.gyroscope)
        let accelerometer = try #require(written.accelerometer)
        #expect((gyroscope.bias - InjectedErrors.gyroscopeBias).maxMagnitude < 5e-4)
        #expect((accelerometer.offset - InjectedErrors.accelerometerOffset).maxMagnitude < 0.02)
        #expect(accelerometer.matrix.maximumDifference(to: InjectedErrors.accelerometerMatrix) < 0.01)

        // 3. Shown.
        let shown = run(["calibrate", "show", "--calibration", file])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("sensor: replay:faces.csv"))
        #expect(shown.stdout.contains("gyroscope bias:"))
        #expect(shown.stdout.contains("accelerometer offset:"))

        // 4a. stream --source replay: applies it: the first face (+z up, 3 s still) reads gravity and no rotation.
        let stream = run(["stream", "--source", "replay:\(faces)", "--fast", "--raw", "--calibration", file])
        #expect(stream.status == 0, "\(stream.stderr)")
        #expect(stream.stderr.contains("calibration: accelerometer, gyroscope from \(file)\n"))
        let rows = Self.rows(stream.stdout)
        #expect(rows.count == Self.rows(InjectedErrors.recording()).count)
        let firstFace = rows.prefix(300)
        #expect((Self.mean(firstFace, 1) - Vector3(0, 0, InjectedErrors.gravity)).maxMagnitude < 0.03)
        #expect((Self.mean(firstFace, 4)).maxMagnitude < 1e-3)
        let replayed = Self.rows(run(["stream", "--source", "replay:\(faces)", "--fast", "--raw"]).stdout)
        #expect((Self.mean(replayed.prefix(300), 4) - InjectedErrors.gyroscopeBias).maxMagnitude < 1e-3)

        // 4b. fuse applies it: at the end of the first face, gravity within 0.3° of +z; uncorrected, the offset
        // and misalignment tilt it by about 2°.
        func tilt(_ arguments: [String]) throws -> Double {
            let result = run(["fuse", faces] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let row = try #require(Self.rows(result.stdout).dropFirst(299).first)
            let gravity = Vector3(row[8], row[9], row[10])
            return acos(gravity.z / gravity.norm) * 180 / .pi
        }
        #expect(try tilt(["--calibration", file]) < 0.3)
        #expect(try tilt([]) > 1)

        // 5. Reset removes the file; naming it afterwards is an error.
        let reset = run(["calibrate", "reset", "--calibration", file])
        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(run(["fuse", faces, "--calibration", file]).status == ExitCode.ioError.rawValue)
    }
}
