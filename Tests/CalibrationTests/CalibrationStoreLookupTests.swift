import Foundation
import Testing

@testable import Calibration

/// Issue 14 §5: a lookup in the calibration store that cannot tell whether a file is there is reported, never
/// taken for "no file" (which would silently use the system file, or no calibration).
@Suite("calibration store: lookups that fail are reported")
struct CalibrationStoreLookupTests {
    let root: String
    let store: CalibrationStore

    init() throws {
        root = NSTemporaryDirectory() + "store-lookup-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/user", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/system", withIntermediateDirectories: true)
        store = CalibrationStore(userDirectory: root + "/user", systemDirectory: root + "/system")
        // A good system file that a failed user lookup must not fall through to.
        let file = CalibrationFile(sensor: "imu", gyroscope: GyroscopeCalibration(bias: .init(0.01, 0, 0)))
        try CalibrationStore.write(file, to: store.candidatePaths(forSensor: "imu")[1])
    }

    func expectUnreadable(_ reason: String, permission: Bool = false) {
        do {
            let found = try store.load(sensor: "imu")
            Issue.record("found \(String(describing: found?.path)) instead of an error")
        } catch {
            guard case .unreadable(let path, let text, let isPermission) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(path == store.candidatePaths(forSensor: "imu")[0])
            #expect(text.contains(reason), "\(text)")
            #expect(isPermission == permission)
        }
        try? FileManager.default.removeItem(atPath: root)
    }

    @Test func danglingSymlinkIsReported() throws {
        try FileManager.default.createSymbolicLink(
            atPath: store.candidatePaths(forSensor: "imu")[0], withDestinationPath: root + "/gone.json")
        expectUnreadable("a symbolic link to a file that does not exist")
    }

    @Test func symlinkLoopIsReported() throws {
        let path = store.candidatePaths(forSensor: "imu")[0]
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path + ".other")
        try FileManager.default.createSymbolicLink(atPath: path + ".other", withDestinationPath: path)
        expectUnreadable(String(cString: strerror(ELOOP)))
    }

    @Test func aFileWhereTheDirectoryShouldBeIsReported() throws {
        try FileManager.default.removeItem(atPath: root + "/user")
        try "not a directory".write(toFile: root + "/user", atomically: false, encoding: .utf8)
        expectUnreadable(String(cString: strerror(ENOTDIR)))
    }

    @Test func missingFileFallsThroughToTheSystemFile() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try store.load(sensor: "imu")?.path == store.candidatePaths(forSensor: "imu")[1])
    }

    @Test func aStoreDirectoryThatCannotBeLookedUpIsAnEntry() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.removeItem(atPath: root + "/user")
        try FileManager.default.createSymbolicLink(atPath: root + "/user", withDestinationPath: root + "/nowhere")
        let entries = store.entries()
        #expect(entries.map(\.path) == [root + "/user", store.candidatePaths(forSensor: "imu")[1]])
        guard case .failure(.unreadable(_, let reason, _)) = entries.first?.content else {
            Issue.record("\(entries)")
            return
        }
        #expect(reason.contains("symbolic link"))
    }
}
