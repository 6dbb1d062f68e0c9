import Foundation
import TestSupport
import Testing

@testable import ReadingsStore

/// A store written by schema version 1 (no hourly rollups), from the fixture `Fixtures/readings-v1.sql`, opened by
/// this build.
@Suite struct SchemaMigrationTests {
    let file: StoreFile
    /// 2026-11-30T10:58Z, the fixture's first minute.
    let first: Double = 1_796_036_280

    init() throws {
        file = try StoreFile()
        let sql = try String(contentsOfFile: PackagePaths.file("Tests/ReadingsStoreTests/Fixtures/readings-v1.sql"),
                             encoding: .utf8)
        try SQLiteConnection(path: file.path, access: .readWrite, busyTimeout: 1).execute(sql)
    }

    @Test func aVersion1StoreIsMigratedKeepingEveryRowAndFillingTheRollups() throws {
        let store = try file.open(retention: Retention(perMinute: .infinity, samples: .infinity))
        #expect(try store.schemaVersion() == Schema.version)
        let range = TimeRange(start: first, end: first + 240)
        #expect(try store.steps(in: range, per: .minute).map(\.steps) == [12, 0, 30, 7])
        // The 11:00 hour is read from its new rollup when the range covers it whole.
        let hour = TimeRange(start: first + 120, end: first + 120 + 3600)
        let connection = try SQLiteConnection(path: file.path, access: .readOnly, busyTimeout: 1)
        let eleven: [SQLValue] = [.integer(1_796_036_400)]
        #expect(try connection.integer("SELECT steps FROM steps_hour WHERE hour = ?1", eleven) == 37)
        #expect(try connection.integer("SELECT minutes FROM steps_hour WHERE hour = ?1", eleven) == 2)
        #expect(try store.steps(in: hour)?.steps == 37)
        let heart = try #require(try store.heartRate(in: TimeRange(start: first, end: first + 7200)))
        #expect(heart.samples == 3 && heart.beats == 4)
        #expect(heart.minimum == 70 && heart.maximum == 90 && heart.mean == 80)
        #expect(try store.latestHeartRate() == StoredHeartRate(time: 1_796_036_410.25, heartRate: 90))
        let motion = try #require(try store.motion(in: range, per: .minute).first)
        #expect(motion.meanUserAcceleration == 0.5 && motion.activity == .walking)
    }

    @Test func theMigratedStoreTakesNewReadings() throws {
        let store = try file.open(retention: Retention(perMinute: .infinity, samples: .infinity))
        let recorder = manualRecorder(store)
        recorder.recordSteps(3, at: first + 125)
        try recorder.close()
        #expect(try store.steps(in: TimeRange(start: first + 120, end: first + 3720))?.steps == 40)
    }

    @Test func aReaderDoesNotMigrateButSaysSo() throws {
        let error = try #require(throws: StoreError.self) { try file.open(.readOnly) }
        #expect(error.failure == .schemaOutdated(found: 1, current: Schema.version))
        let connection = try SQLiteConnection(path: file.path, access: .readOnly, busyTimeout: 1)
        #expect(try connection.userVersion() == 1)
    }
}
