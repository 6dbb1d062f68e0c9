import Foundation
import MotionMath
import SystemSupport
import Testing
@testable import Calibration

/// A fresh temporary directory per test.
func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "calibration-tests-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

@Suite("Calibration store")
struct CalibrationStoreTests {
    @Test func directoriesFollowXDGAndHome() {
        let xdg = CalibrationStore(environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/u"])
        #expect(xdg.userDirectory == "/cfg/bodyreadings/calibration")
        #expect(xdg.systemDirectory == "/etc/bodyreadings/calibration")
        let home = CalibrationStore(environment: ["HOME": "/home/u", "XDG_CONFIG_HOME": "relative"])
        #expect(home.userDirectory == "/home/u/.config/bodyreadings/calibration")
        let system = CalibrationStore(environment: ["HOME": "/h", "BODYREADINGS_SYSTEM_CALIBRATION_DIR": "/s"])
        #expect(system.systemDirectory == "/s")
    }

    @Test func fileNamesAreSafeAndDistinct() {
        #expect(CalibrationStore.fileName(forSensor: "hil-virtual-hub") == "hil-virtual-hub.json")
        let a = CalibrationStore.fileName(forSensor: "../etc/passwd")
        let b = CalibrationStore.fileName(forSensor: "__etc_passwd")
        #expect(!a.contains("/") && !a.hasPrefix("."))
        #expect(a != b)
        #expect(CalibrationStore.fileName(forSensor: "a:b") != CalibrationStore.fileName(forSensor: "a/b"))
        #expect(CalibrationStore.fileName(forSensor: String(repeating: "x", count: 500)).count < 110)
        #expect(CalibrationStore.fileName(forSensor: "") != ".json")
    }

    @Test func userFileComesFirst() throws {
        let root = try temporaryDirectory()
        let store = CalibrationStore(userDirectory: root + "/user", systemDirectory: root + "/system")
        #expect(try store.load(sensor: "imu") == nil)
        let systemFile = CalibrationFile(sensor: "imu", gyroscope: GyroscopeCalibration(bias: Vector3(0.1, 0.1, 0.1)))
        try CalibrationStore.write(systemFile, to: store.candidatePaths(forSensor: "imu")[1])
        #expect(try store.load(sensor: "imu")?.path == root + "/system/imu.json")
        let userFile = CalibrationFile(sensor: "imu", gyroscope: GyroscopeCalibration(bias: Vector3(0.2, 0.2, 0.2)))
        try CalibrationStore.write(userFile, to: store.candidatePaths(forSensor: "imu")[0])
        let located = try #require(try store.load(sensor: "imu"))
        #expect(located.path == root + "/user/imu.json")
        #expect(located.file.gyroscope?.bias == Vector3(0.2, 0.2, 0.2))
        #expect(store.shadowed(root + "/system/imu.json"))
        #expect(store.entries().count == 2)
    }

    @Test func savingMergesAndCreatesTheDirectory() throws {
        let root = try temporaryDirectory()
        let store = CalibrationStore(userDirectory: root + "/deep/user", systemDirectory: root + "/system")
        let accel = CalibrationFile(
            sensor: "imu", accelerometer: AccelerometerCalibration(offset: Vector3(0.1, 0.2, 0.3)))
        let first = try store.save(accel)
        #expect(first.path == root + "/deep/user/imu.json")
        #expect(first.mergedFrom == nil)
        let gyro = CalibrationFile(sensor: "imu", gyroscope: GyroscopeCalibration(bias: Vector3(0.01, 0, 0)))
        let second = try store.save(gyro)
        #expect(second.mergedFrom == first.path)
        let stored = try CalibrationStore.read(path: second.path, expectedSensor: "imu")
        #expect(stored.accelerometer?.offset == Vector3(0.1, 0.2, 0.3))
        #expect(stored.gyroscope?.bias == Vector3(0.01, 0, 0))
    }

    @Test func savingToAnotherSensorsFileIsRefused() throws {
        let root = try temporaryDirectory()
        let path = root + "/explicit.json"
        try CalibrationStore.write(sampleFile(sensor: "one"), to: path)
        let store = CalibrationStore(userDirectory: root + "/user", systemDirectory: root + "/system")
        #expect(throws: CalibrationFileError.wrongSensor(path: path, expected: "two", found: "one")) {
            try store.save(CalibrationFile(sensor: "two", gyroscope: GyroscopeCalibration(bias: .zero)), to: path)
        }
        #expect(try CalibrationStore.read(path: path).sensor == "one")
    }

    @Test func aCorruptPreviousFileIsReplacedAndReported() throws {
        let root = try temporaryDirectory()
        let store = CalibrationStore(userDirectory: root, systemDirectory: root + "/system")
        let path = store.candidatePaths(forSensor: "imu")[0]
        try Data("{\"version\": 1, \"sens".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: CalibrationFileError.truncated(path: path)) { try store.load(sensor: "imu") }
        let outcome = try store.save(CalibrationFile(sensor: "imu", gyroscope: GyroscopeCalibration(bias: .zero)))
        #expect(outcome.unreadablePrevious == .truncated(path: path))
        #expect(try store.load(sensor: "imu")?.file.gyroscope?.bias == .zero)
    }

    @Test(arguments: [FileSystem.CrashPoint.duringWrite, .beforeRename])
    func aCrashMidWriteLeavesTheOldFileIntact(crash: FileSystem.CrashPoint) throws {
        let root = try temporaryDirectory()
        let path = root + "/imu.json"
        let old = sampleFile(sensor: "imu")
        try CalibrationStore.write(old, to: path)
        let before = try #require(FileManager.default.contents(atPath: path))
        let newer = CalibrationFile(sensor: "imu", gyroscope: GyroscopeCalibration(bias: Vector3(0.3, 0.3, 0.3)))
        #expect(throws: CalibrationFileError.self) {
            try CalibrationStore.write(newer, to: path, crashAt: crash)
        }
        // The target is byte-for-byte the old file; the crash's temporary file is left behind, hidden, and the
        // store neither lists it nor reads it.
        #expect(FileManager.default.contents(atPath: path) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root).filter { $0 != "imu.json" }
        #expect(leftovers.count == 1)
        #expect(leftovers.allSatisfy { $0.hasPrefix(".imu.json.tmp-") })
        let store = CalibrationStore(userDirectory: root, systemDirectory: root + "/none")
        #expect(try store.load(sensor: "imu")?.file == old)
        #expect(store.entries().count == 1)
        // The next write succeeds over it.
        try CalibrationStore.write(newer, to: path)
        #expect(try CalibrationStore.read(path: path).gyroscope?.bias == Vector3(0.3, 0.3, 0.3))
    }

    @Test func anUnwritableDirectorySaysWhereAndWhy() throws {
        // A path below a regular file can never be a directory, even for root (which ignores permission bits).
        let root = try temporaryDirectory()
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/plain"))
        let store = CalibrationStore(userDirectory: root + "/plain/calibration", systemDirectory: root + "/s")
        #expect {
            try store.save(CalibrationFile(sensor: "imu", gyroscope: GyroscopeCalibration(bias: .zero)))
        } throws: { error in
            guard let error = error as? CalibrationFileError, case .unwritableDirectory(let directory, _, _) = error
            else { return false }
            // The library names the directory and the cause; the fix (mkdir -p, --calibration FILE) is the CLI's.
            return directory == root + "/plain/calibration"
                && error.description.hasPrefix("cannot write calibration to \(directory): ")
                && !error.description.contains("--")
        }
    }

    @Test func missingAndUnreadableFiles() throws {
        let root = try temporaryDirectory()
        #expect(throws: CalibrationFileError.notFound(path: root + "/none.json")) {
            try CalibrationStore.read(path: root + "/none.json")
        }
        #expect {
            try CalibrationStore.read(path: root)
        } throws: { error in
            guard case .unreadable(let path, _, _) = error as? CalibrationFileError else { return false }
            return path == root
        }
    }

    @Test func removeDeletesUserAndSystemFiles() throws {
        let root = try temporaryDirectory()
        let store = CalibrationStore(userDirectory: root + "/u", systemDirectory: root + "/s")
        for path in store.candidatePaths(forSensor: "imu") { try CalibrationStore.write(sampleFile(sensor: "imu"), to: path) }
        #expect(try store.remove(sensor: "imu") == store.candidatePaths(forSensor: "imu"))
        #expect(try store.load(sensor: "imu") == nil)
        #expect(try store.remove(sensor: "imu").isEmpty)
    }
}
