import Foundation
import Testing

@testable import Calibration

/// A lookup in the calibration store that cannot tell whether a file is there is reported, never
/// taken for "no file" (which would silently use the system file, or no calibration); a reset removes a dangling
/// link rather than failing on it.
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

    func isLink(_ path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    }

    /// `reset` removes a symbolic link to nothing (the link only: it holds no calibration, so nothing is lost)
    /// instead of refusing and leaving a store that every command reports as broken.
    @Test func resetOfASensorRemovesItsDanglingLink() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = store.candidatePaths(forSensor: "imu")[0]
        let target = root + "/elsewhere/imu.json"
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        #expect(throws: CalibrationFileError.self) { try store.load(sensor: "imu") }
        // The system file goes too, as a reset of any sensor does.
        #expect(try store.remove(sensor: "imu") == store.candidatePaths(forSensor: "imu"))
        #expect(!isLink(path))
        #expect(!FileManager.default.fileExists(atPath: target), "nothing is created at the target")
        #expect(try store.load(sensor: "imu") == nil)
    }

    @Test func resetOfANamedPathRemovesADanglingLink() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/mine.json"
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: root + "/gone.json")
        try CalibrationStore.remove(path: path)
        #expect(!isLink(path))
        #expect(throws: CalibrationFileError.notFound(path: path)) { try CalibrationStore.remove(path: path) }
    }

    @Test func aLinkToAFileThatIsNotOursIsKeptWithItsTarget() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let target = root + "/notes.txt"
        try "my notes".write(toFile: target, atomically: false, encoding: .utf8)
        let path = store.candidatePaths(forSensor: "imu")[0]
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        #expect(throws: CalibrationFileError.notOurs(path: path)) { try CalibrationStore.remove(path: path) }
        #expect(isLink(path))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "my notes")
    }

    @Test func aLoopOfLinksIsStillReported() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = store.candidatePaths(forSensor: "imu")[0]
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path + ".other")
        try FileManager.default.createSymbolicLink(atPath: path + ".other", withDestinationPath: path)
        #expect(throws: CalibrationFileError.self) { try store.remove(sensor: "imu") }
        #expect(isLink(path))
    }
}
