import Foundation
import TestSupport

@testable import ReadingsStore

/// A store file in a fresh temporary directory, opened as the test asks.
struct StoreFile {
    let directory: TemporaryDirectory
    let path: String

    init(_ name: String = "readings.sqlite") throws {
        directory = try TemporaryDirectory(prefix: "readings-store")
        path = directory.file(name)
    }

    /// The store, waiting up to 30 s for a lock another connection holds (a recorder thread's flush or start-up
    /// prune: short, but a loaded machine can stretch it); a test of the busy failure sets its own short timeout.
    func open(_ access: ReadingsDatabase.Access = .readWrite, retention: Retention = Retention()) throws
        -> ReadingsDatabase
    {
        try ReadingsDatabase(
            path: path, access: access, settings: ReadingsDatabase.Settings(busyTimeout: 30, retention: retention))
    }
}

/// A recorder that never flushes on its own within a test (the flush interval is a minute) and whose wall clock is
/// fixed at `now`.
func manualRecorder(_ store: ReadingsDatabase, now: Double = 1_796_083_200) -> ReadingsRecorder {
    ReadingsRecorder(store: store, settings: ReadingsRecorder.Settings(flushInterval: 60), clock: { now })
}

/// 2026-11-30T00:00:00Z, the start of a UTC day and hour.
let dayStart: Double = 1_795_996_800

/// Sets the process's time zone for the C library (a POSIX `TZ` string needs no tzdata) and re-reads it.
func setTimeZone(_ zone: String) {
    setenv("TZ", zone, 1)
    tzset()
}
