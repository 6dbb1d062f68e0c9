import Foundation
import TestSupport
import Testing

@testable import ReadingsStore

/// The funnel from SQLite's result codes and `errno` to `StoreFailure`, and the failures a caller meets on real
/// files: missing, not a database, damaged, written by a newer version, opened for the wrong access.
@Suite struct StoreErrorTests {
    // SQLite's result codes (sqlite3.h): primary codes, and extended ones as (primary | detail << 8).
    static let busy: Int32 = 5, ioErrorWrite: Int32 = 10 | (3 << 8), corrupt: Int32 = 11, full: Int32 = 13
    static let cantOpen: Int32 = 14, notADatabase: Int32 = 26, readOnly: Int32 = 8
    static let readOnlyDirectory: Int32 = 8 | (6 << 8)
    static let sqlError: Int32 = 1

    @Test func theFunnelMapsResultCodesAndTheErrnoBehindThem() {
        #expect(failure(code: Self.cantOpen, errno: EACCES) == .permissionDenied)
        #expect(failure(code: Self.cantOpen, errno: EPERM) == .permissionDenied)
        #expect(failure(code: Self.cantOpen, errno: ENOENT) == .notFound)
        #expect(failure(code: Self.cantOpen, errno: EISDIR) == .io(errno: EISDIR))
        #expect(failure(code: Self.ioErrorWrite, errno: ENOSPC) == .diskFull)
        #expect(failure(code: Self.ioErrorWrite, errno: EIO) == .io(errno: EIO))
        #expect(failure(code: Self.full, errno: 0) == .diskFull)
        #expect(failure(code: Self.corrupt, errno: 0) == .corrupt)
        #expect(failure(code: Self.notADatabase, errno: 0) == .corrupt)
        #expect(failure(code: Self.readOnly, errno: 0) == .permissionDenied)
        #expect(failure(code: Self.readOnlyDirectory, errno: 0) == .permissionDenied)
        #expect(failure(code: Self.busy, errno: 0) == .busy)
        #expect(failure(code: Self.sqlError, errno: 0) == .library(code: 1))
    }

    @Test func aMissingFileOpenedForReadingIsNotFound() throws {
        let file = try StoreFile()
        let error = try #require(throws: StoreError.self) { try file.open(.readOnly) }
        #expect(error.failure == .notFound)
        #expect(error.path == file.path)
        #expect(error.description.hasPrefix("cannot open \(file.path): no such file"))
        #expect(error.operation == "sqlite3_open_v2" && !error.description.contains("sqlite3_"))
        #expect(!FileManager.default.fileExists(atPath: file.path), "a reader must not create the store")
    }

    @Test func aWriterOfItsDefaultPlaceCreatesPrivateDirectoriesAndTheFileInWALMode() throws {
        let file = try StoreFile("state/bodyreadings/readings.sqlite")
        #expect(throws: StoreError(operation: "open", failure: .noDirectory, path: (file.path as NSString).deletingLastPathComponent)) {
            try file.open()
        }
        let store = try ReadingsDatabase(path: file.path, access: .readWrite, createsDirectory: true)
        #expect(try store.schemaVersion() == ReadingsDatabase.currentSchemaVersion)
        for (path, mode) in [((file.path as NSString).deletingLastPathComponent, 0o700), (file.path, 0o600), (file.path + "-wal", 0o600)] {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == mode, "\(path)")
        }
        let connection = try SQLiteConnection(path: file.path, access: .readOnly, busyTimeout: 1)
        let mode = try connection.prepare("PRAGMA journal_mode")
        try mode.bind([])
        #expect(try mode.step())
        #expect(mode.text(0) == "wal")
    }

    @Test(arguments: [ReadingsDatabase.Access.readOnly, .readWrite])
    func aFileThatIsNotADatabaseIsCorrupt(access: ReadingsDatabase.Access) throws {
        let file = try StoreFile()
        let garbage = (0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
        try Data(garbage).write(to: URL(fileURLWithPath: file.path))
        let error = try #require(throws: StoreError.self) { try file.open(access) }
        #expect(error.failure == .corrupt, "\(error)")
    }

    @Test func damagedPagesAreCorrupt() throws {
        let file = try StoreFile()
        do {
            let store = try file.open()
            let recorder = manualRecorder(store)
            for minute in 0..<5000 { recorder.recordSteps(minute, at: dayStart + Double(minute) * 60) }
            try recorder.close()
            try store.close()
        }
        // Overwrite the b-tree pages of the tables past the first (the schema) page, keeping the header valid.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: file.path))
        let size = try handle.seekToEnd()
        try #require(size > 16384)
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: 0x5A, count: Int(size) - 4096))
        try handle.close()
        let error = try #require(throws: StoreError.self) {
            let store = try file.open(.readOnly)
            _ = try store.steps(in: TimeRange(start: 0, end: 4e9), per: .minute)
        }
        #expect(error.failure == .corrupt, "\(error)")
    }

    @Test func aStoreWrittenByANewerVersionIsRefused() throws {
        let file = try StoreFile()
        try file.open().close()
        try SQLiteConnection(path: file.path, access: .readWrite, busyTimeout: 1).setUserVersion(99)
        for access in [ReadingsDatabase.Access.readOnly, .readWrite] {
            let error = try #require(throws: StoreError.self) { try file.open(access) }
            #expect(error.failure == .schemaTooNew(found: 99, supported: ReadingsDatabase.currentSchemaVersion))
        }
    }

    @Test func anEmptyFileOpenedForReadingHoldsNoReadingsYet() throws {
        let file = try StoreFile()
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data()))
        let error = try #require(throws: StoreError.self) { try file.open(.readOnly) }
        #expect(error.failure == .schemaOutdated(found: 0, current: ReadingsDatabase.currentSchemaVersion))
    }

    @Test func anImmutableReaderFindsAFileWhoseNameNeedsEscapingInAURI() throws {
        let file = try StoreFile("readings 100% #1?.sqlite")
        let store = try file.open()
        let recorder = manualRecorder(store)
        recorder.recordSteps(3, at: dayStart)
        try recorder.close()
        try store.close()
        let reader = try SQLiteConnection(path: file.path, access: .immutable, busyTimeout: 1)
        #expect(try reader.integer("SELECT steps FROM steps_minute") == 3)
    }

    @Test func aReadOnlyStoreRefusesWrites() throws {
        let file = try StoreFile()
        try file.open().close()
        let store = try file.open(.readOnly)
        let error = try #require(throws: StoreError.self) { try store.prune(now: dayStart) }
        #expect(error.failure == .permissionDenied)
    }

    @Test func aClosedStoreFailsInsteadOfCrashing() throws {
        let file = try StoreFile()
        let store = try file.open()
        try store.close()
        try store.close()
        #expect(throws: StoreError.self) { try store.steps(in: TimeRange(start: 0, end: 1), per: .minute) }
    }

    @Test(.enabled(if: getuid() != 0, "root may write any file: the CLI tests check this as an unprivileged user"))
    func filesThisUserMayNotAccessArePermissionDenied() throws {
        let file = try StoreFile()
        try file.open().close()
        chmod(file.path, 0o444)
        #expect(throws: StoreError.self) { try file.open(.readWrite) }
        chmod(file.path, 0o000)
        let error = try #require(throws: StoreError.self) { try file.open(.readOnly) }
        #expect(error.failure == .permissionDenied)
        chmod(file.path, 0o644)
    }
}
