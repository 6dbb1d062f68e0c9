import Calibration
import Dispatch
import Foundation
import MotionMath
import Sensors
import Testing
@testable import BodyReadings

/// Collects the lines a manager logs.
final class LogLines: @unchecked Sendable {
    // @unchecked: guarded by `lock`.
    private let lock = NSLock()
    private var values: [String] = []
    var log: @Sendable (String) -> Void { { [self] line in lock.withLock { values.append(line) } } }
    var lines: [String] { lock.withLock { values } }
}

/// `MotionManager` applies the stored calibration by default (`CalibrationPolicy.stored` / `.store`), a named file
/// (`.file`), or none (`.disabled`).
@Suite("MotionManager calibration", .serialized)
struct MotionManagerCalibrationTests {
    let directory: String
    let store: CalibrationStore

    init() throws {
        directory = NSTemporaryDirectory() + "manager-calibration-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        store = CalibrationStore(userDirectory: directory + "/user", systemDirectory: directory + "/system")
    }

    static let bias = Vector3(0.02, -0.015, 0.01)
    static let offset = Vector3(0.15, -0.1, 0.2)

    static func file(sensor: String = "sim:seed-5") -> CalibrationFile {
        CalibrationFile(
            sensor: sensor, gyroscope: GyroscopeCalibration(bias: bias),
            accelerometer: AccelerometerCalibration(offset: offset))
    }

    /// The first 40 gyroscope and accelerometer updates (every 100 Hz sample) of the simulator, seed 5.
    static func readings(_ calibration: MotionManager.CalibrationPolicy, log: LogLines = LogLines()) throws
        -> (gyro: [GyroData], accelerometer: [AccelerometerData], manager: MotionManager)
    {
        let manager = MotionManager(
            source: .simulated(seed: 5, pacing: .fast), calibration: calibration, calibrationLog: log.log)
        manager.gyroUpdateInterval = 0.01
        manager.accelerometerUpdateInterval = 0.01
        let gyro = Collector<GyroData>(enough: 40)
        let accelerometer = Collector<AccelerometerData>(enough: 40)
        try manager.startGyroUpdates { gyro.handle($0, $1) }
        try manager.startAccelerometerUpdates { accelerometer.handle($0, $1) }
        #expect(gyro.wait() && accelerometer.wait())
        manager.stopGyroUpdates()
        manager.stopAccelerometerUpdates()
        return (Array(gyro.collected.prefix(40)), Array(accelerometer.collected.prefix(40)), manager)
    }

    /// Raw accelerometer updates (every 100 Hz sample) of the simulator, seed 5, from its first sample through
    /// `time`: the accelerometer alone starts the capture, so none is missed however late it joined elsewhere.
    static func rawAccelerometer(through time: Double) throws -> [AccelerometerData] {
        let manager = MotionManager(
            source: .simulated(seed: 5, pacing: .fast), calibration: .disabled, calibrationLog: nil)
        manager.accelerometerUpdateInterval = 0.01
        let collector = UntilCollector<AccelerometerData>()
        try manager.startAccelerometerUpdates { data, _ in
            if let data { collector.add(data, time: data.timestamp, until: time) }
        }
        #expect(collector.wait())
        manager.stopAccelerometerUpdates()
        return collector.collected
    }

    /// Largest difference between corrected and raw − correction, matched by timestamp.
    static func mismatch(_ corrected: [GyroData], _ raw: [GyroData]) -> Double {
        let byTime = Dictionary(raw.map { ($0.timestamp, $0.rotationRate) }, uniquingKeysWith: { a, _ in a })
        var worst = 0.0
        var matched = 0
        for data in corrected {
            guard let rawValue = byTime[data.timestamp] else { continue }
            matched += 1
            worst = max(worst, (data.rotationRate - (rawValue - bias)).maxMagnitude)
        }
        return matched >= 30 ? worst : .infinity
    }


    @Test func theDefaultPolicyReadsTheStoreOfTheEnvironment() {
        let environment = ProcessInfo.processInfo.environment
        #expect(MotionManager.CalibrationPolicy.stored.store == CalibrationStore(environment: environment))
        #expect(MotionManager.CalibrationPolicy.disabled.store == nil)
    }

    @Test func theStoredCalibrationIsAppliedAndNamed() throws {
        let path = try store.save(Self.file()).path
        let log = LogLines()
        let calibrated = try Self.readings(.store(store), log: log)
        let raw = try Self.readings(.disabled)
        // Raw gyroscope updates shifted by exactly the bias (1e-12: one subtraction), accelerometer by the offset.
        #expect(Self.mismatch(calibrated.gyro, raw.gyro) < 1e-12)
        // The accelerometer joined the gyroscope's running capture at whatever sample it reached (later under load):
        // compared with raw updates from the first sample on, every one of its 40 is matched.
        let last = try #require(calibrated.accelerometer.last?.timestamp)
        let rawAccelerometer = Dictionary(
            try Self.rawAccelerometer(through: last).map { ($0.timestamp, $0.acceleration) },
            uniquingKeysWith: { a, _ in a })
        let shifted = calibrated.accelerometer.compactMap { data in
            rawAccelerometer[data.timestamp].map { (data.acceleration - ($0 - Self.offset)).maxMagnitude }
        }
        #expect(shifted.count == 40)
        #expect((shifted.max() ?? .infinity) < 1e-12)
        #expect(log.lines == ["calibration: accelerometer, gyroscope from \(path)"])
        #expect(calibrated.manager.calibration?.calibration.files[.gyroscope]?.path == path)
        #expect(raw.manager.calibration == nil)
    }

    @Test func anExplicitFileIsAppliedAndAMissingOneRefusesToStart() throws {
        let path = directory + "/named.json"
        try CalibrationStore.write(Self.file(sensor: "some-board"), to: path)
        let log = LogLines()
        let calibrated = try Self.readings(.file(path), log: log)
        let raw = try Self.readings(.disabled)
        #expect(Self.mismatch(calibrated.gyro, raw.gyro) < 1e-12)
        #expect(log.lines.contains("calibration: accelerometer, gyroscope from \(path)"))
        #expect(log.lines.contains { $0.hasPrefix("note: \(path) was written for sensor 'some-board'") })

        let manager = MotionManager(
            source: .simulated(seed: 5, pacing: .fast), calibration: .file(directory + "/none.json"),
            calibrationLog: nil)
        let error = try #require(throws: CaptureError.self) { try manager.startGyroUpdates { _, _ in } }
        #expect(error.kind == .io)
        #expect(error.message.contains("\(directory)/none.json does not exist"))
        #expect(!manager.isGyroActive)
        #expect(manager.lastError == error)
    }

    @Test func aBrokenStoredFileIsReportedAndTheDataFlowUncalibrated() throws {
        let path = store.candidatePaths(forSensor: "sim:seed-5")[0]
        try FileManager.default.createDirectory(atPath: store.userDirectory, withIntermediateDirectories: true)
        try "{\"version\": 1, \"sensor\": ".write(toFile: path, atomically: false, encoding: .utf8)
        let log = LogLines()
        let result = try Self.readings(.store(store), log: log)
        let raw = try Self.readings(.disabled)
        #expect(result.gyro.map(\.rotationRate) == raw.gyro.map(\.rotationRate))
        #expect(log.lines.contains { $0.hasPrefix("error: calibration file \(path) is truncated") })
        #expect(log.lines.contains { $0.hasPrefix("warning: continuing without the calibration") })
        #expect(result.manager.calibration?.problems.count == 1)
    }

    @Test func theStoreIsReadAgainForEachCaptureAndLoggedOnlyWhenItChanges() throws {
        let log = LogLines()
        let manager = MotionManager(
            source: .simulated(seed: 5, pacing: .fast), calibration: .store(store), calibrationLog: log.log)
        for round in 0..<3 {
            if round == 1 { _ = try store.save(Self.file()) }
            let gyro = Collector<GyroData>(enough: 5)
            try manager.startGyroUpdates { gyro.handle($0, $1) }
            #expect(gyro.wait())
            manager.stopGyroUpdates()
        }
        // Nothing stored at first (silent), then the new file, once.
        #expect(log.lines.count == 1)
        #expect(manager.calibration?.calibration.isEmpty == false)
    }
}
