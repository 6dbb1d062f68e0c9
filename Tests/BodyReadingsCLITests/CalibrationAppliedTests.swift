import BodyReadings
import Calibration
import Foundation
import MotionMath
import MotionSimulation
import ReadingFormats
import Testing
@testable import BodyReadingsCLI

/// `stream`, `record` and `fuse` apply the calibration through the CLI, in-process, with the store in a temporary
/// `XDG_CONFIG_HOME`: stored files for the simulator (`sim:seed-1`), `--calibration FILE`, `--no-calibration`, and
/// files that cannot be used.
@Suite("calibration applied by stream, record and fuse", .serialized)
struct CalibrationAppliedTests {
    let sandbox: CalibrationSandbox
    var directory: String { sandbox.directory }
    var environment: [String: String] { sandbox.environment }

    init() throws {
        sandbox = try CalibrationSandbox(prefix: "calibration-applied")
    }

    static let bias = Vector3(0.02, -0.015, 0.01)
    static let offset = Vector3(0.15, -0.1, 0.2)
    static let matrix = Matrix3(rows: Vector3(1.03, 0.012, -0.008), Vector3(-0.006, 0.97, 0.015), Vector3(0.01, -0.004, 1.012))
    static let hardIron = Vector3(10.0, 20.0, 30.0)

    static func file(sensor: String) -> CalibrationFile {
        CalibrationFile(
            sensor: sensor, gyroscope: GyroscopeCalibration(bias: bias),
            accelerometer: AccelerometerCalibration(offset: offset, matrix: matrix),
            magnetometer: MagnetometerCalibration(hardIron: hardIron))
    }

    func run(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
        let (console, captured) = Console.capture(environment: environment)
        let status = BodyReadingsTool.run(arguments: arguments, console: console)
        return (status, captured.stdout, captured.stderr)
    }

    /// Stores the calibration of the simulator's sensor (seed 1) in the per-user store; returns its path.
    @discardableResult
    func storeSimulatorCalibration() throws -> String {
        try CalibrationStore(environment: environment).save(Self.file(sensor: "sim:seed-1")).path
    }

    /// The path where the store keeps the simulator's file.
    var storedPath: String { CalibrationStore(environment: environment).candidatePaths(forSensor: "sim:seed-1")[0] }

    /// The rows of a recording-format CSV (header dropped).
    static func rows(_ text: String) -> [[Double]] {
        text.split(separator: "\n").dropFirst().map { $0.split(separator: ",").compactMap { Double(String($0)) } }
    }

    /// Checks that every `calibrated` row is the correction of the `raw` row (t, accel, gyro, magn columns) within
    /// 1e-9 (the CSV keeps round-trip precision; the correction is a few flops).
    static func expectCorrected(_ calibrated: [[Double]], from raw: [[Double]]) {
        #expect(calibrated.count == raw.count)
        #expect(!raw.isEmpty)
        var worst = 0.0
        for (c, r) in zip(calibrated, raw) {
            guard c.count == 10, r.count == 10 else {
                Issue.record("rows need 10 columns: \(c.count), \(r.count)")
                return
            }
            let accel = matrix * (Vector3(r[1], r[2], r[3]) - offset)
            let gyro = Vector3(r[4], r[5], r[6]) - bias
            let magn = Vector3(r[7], r[8], r[9]) - hardIron
            worst = max(
                worst, abs(c[0] - r[0]), (Vector3(c[1], c[2], c[3]) - accel).maxMagnitude,
                (Vector3(c[4], c[5], c[6]) - gyro).maxMagnitude, (Vector3(c[7], c[8], c[9]) - magn).maxMagnitude)
        }
        #expect(worst < 1e-9)
    }

    @Test func streamAppliesTheStoredCalibrationAndNoCalibrationGivesRawData() throws {
        let path = try storeSimulatorCalibration()
        let calibrated = run(["stream", "--source", "sim", "--fast", "--count", "60", "--raw"])
        let raw = run(["stream", "--source", "sim", "--fast", "--count", "60", "--raw", "--no-calibration"])
        #expect(calibrated.status == 0, "\(calibrated.stderr)")
        #expect(raw.status == 0, "\(raw.stderr)")
        #expect(calibrated.stderr.contains("calibration: accelerometer, gyroscope, magnetometer from \(path)\n"))
        #expect(!raw.stderr.contains("calibration:"))
        Self.expectCorrected(Self.rows(calibrated.stdout), from: Self.rows(raw.stdout))
        // Fused output differs too (rotation rate = corrected gyroscope − the filter's small bias estimate).
        let fused = run(["stream", "--source", "sim", "--fast", "--count", "5", "--interval", "0.1"])
        let fusedRaw = run(["stream", "--source", "sim", "--fast", "--count", "5", "--interval", "0.1", "--no-calibration"])
        #expect(fused.status == 0 && fusedRaw.status == 0)
        #expect(fused.stdout != fusedRaw.stdout)
    }

    @Test func recordAppliesTheStoredCalibrationAndNoCalibrationRecordsRawData() throws {
        let path = try storeSimulatorCalibration()
        let calibratedPath = directory + "/calibrated.csv"
        let rawPath = directory + "/raw.csv"
        let calibrated = run(["record", calibratedPath, "--source", "sim", "--fast", "--count", "80", "--no-ppg"])
        let raw = run(["record", rawPath, "--source", "sim", "--fast", "--count", "80", "--no-calibration", "--no-ppg"])
        #expect(calibrated.status == 0, "\(calibrated.stderr)")
        #expect(raw.status == 0, "\(raw.stderr)")
        #expect(calibrated.stderr.contains("calibration: accelerometer, gyroscope, magnetometer from \(path)\n"))
        #expect(!raw.stderr.contains("calibration:"))
        Self.expectCorrected(
            Self.rows(try String(contentsOfFile: calibratedPath, encoding: .utf8)),
            from: Self.rows(try String(contentsOfFile: rawPath, encoding: .utf8)))
    }

    @Test func anExplicitFileIsAppliedToTheSimulator() throws {
        let path = directory + "/mine.json"
        try CalibrationStore.write(Self.file(sensor: "sim:seed-1"), to: path)
        let calibrated = run(["stream", "--source", "sim", "--fast", "--count", "40", "--raw", "--calibration", path])
        let raw = run(["stream", "--source", "sim", "--fast", "--count", "40", "--raw"])  // nothing stored
        #expect(calibrated.status == 0, "\(calibrated.stderr)")
        #expect(calibrated.stderr.contains("calibration: accelerometer, gyroscope, magnetometer from \(path)\n"))
        #expect(!raw.stderr.contains("calibration:"))
        Self.expectCorrected(Self.rows(calibrated.stdout), from: Self.rows(raw.stdout))
    }

    @Test(arguments: ["truncated", "corrupt", "version", "sensor"])
    func aBrokenStoredFileIsNamedAndTheDataFlowUncalibrated(_ kind: String) throws {
        try FileManager.default.createDirectory(
            atPath: CalibrationStore(environment: environment).userDirectory, withIntermediateDirectories: true)
        let text: String
        let message: String
        switch kind {
        case "truncated":
            text = "{\"version\": 1, \"sensor\": \"sim:seed-1\", \"created\": "
            message = "error: calibration file \(storedPath) is truncated"
        case "corrupt":
            text = "{\"version\": 1, \"sensor\": \"sim:seed-1\", \"gyroscope\": {\"bias\": [1, 2]}}"
            message = "error: calibration file \(storedPath) is corrupt"
        case "version":
            text = "{\"version\": 99, \"sensor\": \"sim:seed-1\", \"created\": \"2026-01-01T00:00:00Z\"}"
            message = "error: calibration file \(storedPath) has version 99"
        default:
            text = Self.file(sensor: "another-sensor").jsonText
            message = "error: calibration file \(storedPath) is for sensor 'another-sensor', not 'sim:seed-1'"
        }
        try text.write(toFile: storedPath, atomically: false, encoding: .utf8)
        let result = run(["stream", "--source", "sim", "--fast", "--count", "30", "--raw"])
        let raw = run(["stream", "--source", "sim", "--fast", "--count", "30", "--raw", "--no-calibration"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.contains("warning: continuing without the calibration of the file(s) above"))
        #expect(!result.stderr.contains("calibration: "))
        #expect(result.stdout == raw.stdout)
        #expect(!raw.stderr.contains(storedPath))
    }

    @Test func anExplicitFileThatCannotBeUsedIsAnError() throws {
        let missing = directory + "/missing.json"
        let corrupt = directory + "/corrupt.json"
        try "{\"version\": 1, ".write(toFile: corrupt, atomically: false, encoding: .utf8)
        let recording = directory + "/recording.csv"
        #expect(run(["record", recording, "--source", "sim", "--fast", "--count", "20"]).status == 0)

        for (file, status) in [(missing, ExitCode.ioError), (corrupt, ExitCode.dataError)] {
            let stream = run(["stream", "--source", "sim", "--fast", "--count", "5", "--calibration", file])
            #expect(stream.status == status.rawValue, "\(stream.stderr)")
            #expect(stream.stdout.isEmpty)
            #expect(stream.stderr.hasPrefix("error: ") && stream.stderr.contains(file))

            let output = directory + "/not-written.csv"
            let record = run(["record", output, "--source", "sim", "--fast", "--count", "5", "--calibration", file])
            #expect(record.status == status.rawValue, "\(record.stderr)")
            #expect(record.stderr.contains(file))
            #expect(!FileManager.default.fileExists(atPath: output))

            let fuse = run(["fuse", recording, "--calibration", file])
            #expect(fuse.status == status.rawValue, "\(fuse.stderr)")
            #expect(fuse.stdout.isEmpty)
            #expect(fuse.stderr.hasPrefix("error: ") && fuse.stderr.contains(file))
        }
        // Both options at once: a usage error.
        #expect(run(["fuse", recording, "--calibration", corrupt, "--no-calibration"]).status == ExitCode.usage.rawValue)
        #expect(
            run(["stream", "--source", "sim", "--fast", "--count", "5", "--calibration", corrupt, "--no-calibration"])
                .status == ExitCode.usage.rawValue)
    }

    @Test func aReplayedRecordingIgnoresTheStoreAndTakesAnExplicitFile() throws {
        // A recording is calibrated already: a file stored under the recording's identity is not applied to it
        // unless named.
        let recording = directory + "/walk.csv"
        #expect(run(["record", recording, "--source", "sim", "--fast", "--count", "30", "--no-calibration", "--no-ppg"]).status == 0)
        let stored = try CalibrationStore(environment: environment).save(Self.file(sensor: "replay:walk.csv")).path
        let replayed = run(["stream", "--source", "replay:\(recording)", "--fast", "--raw"])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(!replayed.stderr.contains("calibration:"))
        #expect(Self.rows(replayed.stdout) == Self.rows(try String(contentsOfFile: recording, encoding: .utf8)))
        let corrected = run(["stream", "--source", "replay:\(recording)", "--fast", "--raw", "--calibration", stored])
        #expect(corrected.status == 0, "\(corrected.stderr)")
        #expect(corrected.stderr.contains("calibration: accelerometer, gyroscope, magnetometer from \(stored)\n"))
        Self.expectCorrected(Self.rows(corrected.stdout), from: Self.rows(replayed.stdout))
    }

    /// Writes samples as a recording.
    static func write(_ samples: [IMUSample], to path: String) throws {
        let writer = try RecordingWriter(path: path, includesMagnetometer: true)
        for sample in samples { try writer.write(sample) }
        try writer.close()
    }

    @Test func fuseWithTheCalibrationOfInjectedErrorsEqualsFusingTheCleanRecording() throws {
        // The demo trajectory's first 20 s at 100 Hz (the simulator's own noise and bias are part of the "clean"
        // data); the injected copy has raw = M⁻¹·f + offset, gyro + bias, magn + hard iron.
        var imu = SimulatedIMU(trajectory: ScriptedTrajectory.demo, seed: 3)
        let clean = imu.next(2000).map(\.sample)
        let inverse = try #require(Self.matrix.inverse)
        let injected = clean.map { sample in
            IMUSample(
                t: sample.t, accelerometer: inverse * sample.accelerometer + Self.offset,
                gyroscope: sample.gyroscope + Self.bias,
                magnetometer: sample.magnetometer.map { $0 + Self.hardIron })
        }
        let cleanPath = directory + "/clean.csv"
        let injectedPath = directory + "/injected.csv"
        try Self.write(clean, to: cleanPath)
        try Self.write(injected, to: injectedPath)
        let calibrationPath = directory + "/board.json"
        try CalibrationStore.write(Self.file(sensor: "board"), to: calibrationPath)

        let reference = run(["fuse", cleanPath])
        let corrected = run(["fuse", injectedPath, "--calibration", calibrationPath])
        let uncorrected = run(["fuse", injectedPath])
        #expect(reference.status == 0 && corrected.status == 0 && uncorrected.status == 0, "\(corrected.stderr)")
        #expect(corrected.stderr.contains("calibration: accelerometer, gyroscope, magnetometer from \(calibrationPath)"))
        #expect(!uncorrected.stderr.contains("calibration"))
        let expected = Self.rows(reference.stdout)
        #expect(expected.count == 2000)
        func largestDifference(_ rows: [[Double]]) -> Double {
            zip(rows, expected).map { zip($0, $1).map { abs($0 - $1) }.max() ?? .infinity }.max() ?? .infinity
        }
        // Equal within 1e-6 (the correction restores the clean samples to rounding); without it, off by more than
        // 0.01 (the injected gyroscope bias alone is 0.02 rad/s).
        #expect(Self.rows(corrected.stdout).count == 2000)
        #expect(largestDifference(Self.rows(corrected.stdout)) < 1e-6)
        #expect(largestDifference(Self.rows(uncorrected.stdout)) > 0.01)
    }
}
