import BodyReadings
import Calibration
import Foundation
import MotionMath
import Sensors
import TestSupport
import Testing
@testable import BodyReadingsCLI

/// The bridge from calibration files to the capture pipeline (`SensorCalibration`, `CalibrationOptions`): what
/// `stream`, `record`, `fuse` and `MotionManager` call to apply the stored calibration.
@Suite("Applying calibration", .serialized)
struct CalibrateApplyTests {
    let sandbox: CalibrationSandbox
    var directory: String { sandbox.directory }
    var environment: [String: String] { sandbox.environment }

    init() throws {
        sandbox = try CalibrationSandbox(prefix: "calibrate-apply")
    }

    static let file = CalibrationFile(
        sensor: "sim:seed-1",
        gyroscope: GyroscopeCalibration(bias: Vector3(0.02, -0.015, 0.01)),
        accelerometer: AccelerometerCalibration(
            offset: Vector3(0.15, -0.1, 0.2), matrix: Matrix3(diagonal: Vector3(1.01, 0.99, 1))),
        magnetometer: MagnetometerCalibration(hardIron: Vector3(10, 20, 30)))

    func parse(_ arguments: [String]) throws -> ParsedArguments {
        let spec = CommandSpec(name: "stream", overview: "", options: CalibrationOptions.all)
        guard case .arguments(let parsed) = try spec.parse(arguments) else { throw CLIError.usage("help") }
        return parsed
    }

    @Test func correctsEachKindOfReading() {
        let correction = SensorCalibration(file: Self.file, path: "/f.json").readingCorrection
        let raw = Vector3(1, 2, 3)
        let gyro = correction(SensorReading(kind: .gyroscope, t: 0, value: raw))
        #expect(gyro.value == Vector3(1 - 0.02, 2 + 0.015, 3 - 0.01))
        let accel = correction(SensorReading(kind: .accelerometer, t: 0, value: raw))
        #expect(accel.value == Matrix3(diagonal: Vector3(1.01, 0.99, 1)) * (Vector3(1, 2, 3) - Vector3(0.15, -0.1, 0.2)))
        let magn = correction(SensorReading(kind: .magnetometer, t: 0, value: raw))
        #expect(magn.value == Vector3(-9, -18, -27))
        #expect(magn.t == 0 && magn.kind == .magnetometer)
        let sample = SensorCalibration(file: Self.file, path: "/f.json").apply(
            to: IMUSample(t: 1, accelerometer: raw, gyroscope: raw, magnetometer: raw))
        #expect(sample.gyroscope == gyro.value)
        #expect(sample.magnetometer == magn.value)
    }

    @Test func theStoredCalibrationIsFoundAndApplied() throws {
        // Calibrate the simulator's gyroscope, then read the simulator through the resolved correction: during its
        // first 4 s (at rest) the corrected rotation rate averages zero within 3σ/√N + the bias's own error.
        let (console, captured) = Console.capture(environment: environment)
        #expect(BodyReadingsTool.run(arguments: ["calibrate", "gyro", "--source", "sim", "--fast"], console: console) == 0)
        let source = SimulatedMotionSource(seed: 1, pacing: .fast)
        let (applyConsole, applied) = Console.capture(environment: environment)
        let correction = try #require(try CalibrationOptions.correction(for: source, try parse([]), console: applyConsole))
        #expect(applied.stderr.contains("calibration: gyroscope from \(directory)/config/bodyreadings/calibration/"))
        try source.start(CaptureConfiguration(updateInterval: 0.01))
        defer { source.stop() }
        let stream = SourceInput(source: source, correction: correction)
        var sum = Vector3.zero
        for _ in 0..<300 { sum += try #require(try stream.next()).gyroscope }
        let mean = sum / 300
        #expect(max(abs(mean.x), abs(mean.y), abs(mean.z)) < 3 * 0.0012 / 300.0.squareRoot() + 2e-4)
        _ = captured
    }

    @Test func noCalibrationAndConflicts() throws {
        let (console, captured) = Console.capture(environment: environment)
        let source = SimulatedMotionSource(seed: 1, pacing: .fast)
        #expect(try CalibrationOptions.correction(for: source, try parse(["--no-calibration"]), console: console) == nil)
        #expect(captured.stderr.isEmpty)
        #expect(throws: CLIError.self) {
            try CalibrationOptions.correction(
                for: source, try parse(["--no-calibration", "--calibration", "x.json"]), console: console)
        }
        // Nothing stored: nothing applied, nothing said.
        #expect(try CalibrationOptions.correction(for: source, try parse([]), console: console) == nil)
        #expect(captured.stderr.isEmpty)
    }

    @Test func aBrokenStoredFileIsNamedAndTheDataFlowUncalibrated() throws {
        let store = CalibrationStore(environment: environment)
        let path = store.candidatePaths(forSensor: "sim:seed-1")[0]
        try FileManager.default.createDirectory(
            atPath: store.userDirectory, withIntermediateDirectories: true)
        try "{\"version\": 1, \"sensor\": \"sim:seed-1\", \"created\": ".write(
            toFile: path, atomically: false, encoding: .utf8)
        let (console, captured) = Console.capture(environment: environment)
        let source = SimulatedMotionSource(seed: 1, pacing: .fast)
        #expect(try CalibrationOptions.correction(for: source, try parse([]), console: console) == nil)
        #expect(captured.stderr.contains("error: calibration file \(path) is truncated"))
        #expect(captured.stderr.contains("warning: continuing without the calibration"))
    }

    @Test func anExplicitFileIsAppliedWithANoteWhenItNamesAnotherSensor() throws {
        let path = directory + "/hub.json"
        var file = Self.file
        file.sensor = "hil-virtual-hub"
        try CalibrationStore.write(file, to: path)
        let (console, captured) = Console.capture(environment: environment)
        let source = SimulatedMotionSource(seed: 1, pacing: .fast)
        let calibration = try #require(
            try CalibrationOptions.resolve(for: source, try parse(["--calibration", path]), console: console))
        #expect(calibration.files[.gyroscope]?.path == path)
        #expect(captured.stderr.contains("note: \(path) was written for sensor 'hil-virtual-hub'"))
        #expect(captured.stderr.contains("calibration: accelerometer, gyroscope, magnetometer from \(path)"))
        // The example file of the VM tests applies the same way.
        let example = PackagePaths.file("Calibration/examples/hil-virtual-hub.json")
        let (exampleConsole, _) = Console.capture(environment: environment)
        let hub = try #require(
            try CalibrationOptions.resolve(for: source, try parse(["--calibration", example]), console: exampleConsole))
        let corrected = hub.apply(
            to: IMUSample(t: 0, accelerometer: Vector3(0.15, -0.1, 9.80665 + 0.2), gyroscope: Vector3(0.02, -0.015, 0.01)))
        #expect(corrected.gyroscope == .zero)
        #expect((corrected.accelerometer - Vector3(0, 0, 9.80665)).maxMagnitude < 1e-12)
    }

    @Test func aMissingExplicitFileForARecordingIsAnError() throws {
        // A file the user named is required: missing is an I/O error (74) naming the file.
        let (console, _) = Console.capture(environment: environment)
        let error = try #require(throws: CLIError.self) {
            try CalibrationOptions.resolve(
                forRecordingWith: try parse(["--calibration", directory + "/none.json"]), console: console)
        }
        #expect(error.exitCode == .ioError)
        #expect(error.message.contains("\(directory)/none.json does not exist"))
    }
}
