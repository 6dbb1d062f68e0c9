import Dispatch
import Foundation
import MotionMath
import SystemSupport
import Testing
@testable import Calibration

/// A path named with `--calibration FILE` is written or removed only when it holds a calibration file
/// of ours, and two calibrations of one sensor at the same time keep both sections.
@Suite("Calibration store never destroys the user's files")
struct CalibrationStoreSafetyTests {
    /// Files at a named path that are not ours: kept byte for byte by `save` and `remove(path:)`.
    static let notOurs: [String] = [
        "t,accel_x,accel_y,accel_z\n0,0,0,9.8\n",  // a recording
        "{\"name\": \"my settings\"}\n",  // someone else's JSON
        "{\"version\": 2, \"sensor\": \"imu\"}\n",  // not our version
        "{\"version\": 1}\n",  // no sensor
        "[1, 2, 3]\n",
        "",
    ]

    @Test(arguments: notOurs)
    func savingOverAFileThatIsNotOursIsRefused(content: String) throws {
        let root = try temporaryDirectory()
        let path = root + "/precious.json"
        try Data(content.utf8).write(to: URL(fileURLWithPath: path))
        let store = CalibrationStore(userDirectory: root + "/user", systemDirectory: root + "/system")
        #expect(throws: CalibrationFileError.notOurs(path: path)) {
            try store.save(CalibrationFile(sensor: "imu", gyroscope: GyroscopeCalibration(bias: .zero)), to: path)
        }
        #expect(FileManager.default.contents(atPath: path) == Data(content.utf8))
    }

    @Test(arguments: notOurs)
    func removingAFileThatIsNotOursIsRefused(content: String) throws {
        let root = try temporaryDirectory()
        let path = root + "/precious.json"
        try Data(content.utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: CalibrationFileError.notOurs(path: path)) { try CalibrationStore.remove(path: path) }
        #expect(FileManager.default.contents(atPath: path) == Data(content.utf8))
    }

    @Test func ourFileWithBrokenSectionsIsReplacedAndRemovable() throws {
        let root = try temporaryDirectory()
        let path = root + "/imu.json"
        let broken = "{\"version\": 1, \"sensor\": \"imu\", \"gyroscope\": {\"bias\": [1, 2]}}\n"
        try Data(broken.utf8).write(to: URL(fileURLWithPath: path))
        let store = CalibrationStore(userDirectory: root + "/user", systemDirectory: root + "/system")
        let outcome = try store.save(
            CalibrationFile(sensor: "imu", gyroscope: GyroscopeCalibration(bias: .zero)), to: path)
        #expect(outcome.unreadablePrevious != nil)
        #expect(try CalibrationStore.read(path: path).gyroscope?.bias == .zero)
        try CalibrationStore.remove(path: path)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// The test holds the directory's lock while a save runs on another thread, then writes a gyroscope section
    /// as another process would and releases the lock: the save must have waited and merged, keeping both sections.
    /// (Without the lock the save finishes during the wait and the gyroscope write then drops its section.)
    @Test func concurrentCalibrationsKeepBothSections() throws {
        let root = try temporaryDirectory()
        let store = CalibrationStore(userDirectory: root, systemDirectory: root + "/system")
        let path = store.candidatePaths(forSensor: "imu")[0]
        let lock = try FileSystem.lockDirectory(root)
        let finished = DispatchSemaphore(value: 0)
        let accelerometer = AccelerometerCalibration(offset: Vector3(0.1, 0.2, 0.3))
        DispatchQueue.global().async {
            _ = try? store.save(CalibrationFile(sensor: "imu", accelerometer: accelerometer))
            finished.signal()
        }
        #expect(finished.wait(timeout: .now() + 0.3) == .timedOut, "the save did not wait for the lock")
        let gyroscope = GyroscopeCalibration(bias: Vector3(0.01, 0, 0))
        try CalibrationStore.write(CalibrationFile(sensor: "imu", gyroscope: gyroscope), to: path)
        FileSystem.unlockDirectory(lock)
        #expect(finished.wait(timeout: .now() + 10) == .success)
        let stored = try CalibrationStore.read(path: path, expectedSensor: "imu")
        #expect(stored.gyroscope == gyroscope)
        #expect(stored.accelerometer == accelerometer)
    }
}
