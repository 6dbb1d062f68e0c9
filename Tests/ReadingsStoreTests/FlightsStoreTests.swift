import Foundation
import TestSupport
import Testing

@testable import ReadingsStore

/// Flights climbed in the store: recorded per minute into a real SQLite file, read back per minute, hour and day and
/// over a range, rendered by `history flights`; and a store of version 2 (before flights) is migrated to take them.
@Suite struct FlightsStoreTests {
    @Test func flightsAreStoredPerMinuteAndSummedPerHourAndDay() throws {
        let file = try StoreFile()
        let store = try file.open()
        let recorder = manualRecorder(store)
        recorder.recordFlights(ascended: 1, descended: 0, at: dayStart + 30)
        recorder.recordFlights(ascended: 1, descended: 0, at: dayStart + 50)
        recorder.recordFlights(ascended: 0, descended: 0, at: dayStart + 90)
        recorder.recordFlights(ascended: 0, descended: 2, at: dayStart + 3700)
        recorder.recordFlights(ascended: -1, descended: 0, at: dayStart + 3710)
        try recorder.close()
        #expect(recorder.rejected == 1, "a negative count is no reading")

        let reader = try file.open(.readOnly)
        let day = TimeRange(start: dayStart, end: dayStart + 86_400)
        let minutes = try reader.flights(in: day, per: .minute)
        #expect(minutes.map(\.ascended) == [2, 0, 0] && minutes.map(\.descended) == [0, 0, 2])
        #expect(minutes.map(\.start) == [dayStart, dayStart + 60, dayStart + 3660])
        let hours = try reader.flights(in: day, per: .hour)
        #expect(hours.map(\.ascended) == [2, 0] && hours.map(\.descended) == [0, 2] && hours.map(\.minutes) == [2, 1])
        let total = try #require(try reader.flights(in: day))
        #expect(total.ascended == 2 && total.descended == 2 && total.minutes == 3)
        #expect(try reader.flights(in: TimeRange(start: dayStart + 86_400, end: dayStart + 2 * 86_400)) == nil,
            "a day without a barometer has no flights, not 0")
        let history = try reader.history(HistoryQuery(reading: .flights, range: day, granularity: .hour))
        let lines = history.csv.split(separator: "\n")
        #expect(lines.first == "start,end,floors_ascended,floors_descended,minutes")
        #expect(lines.dropFirst().map { $0.split(separator: ",").suffix(3).joined(separator: ",") } == ["2,0,2", "0,2,1"])
        #expect(history.json["reading"]?.stringValue == "flights")
    }

    @Test func aVersion2StoreIsMigratedAndTakesFlights() throws {
        let file = try StoreFile()
        let sql = try String(
            contentsOfFile: PackagePaths.file("Tests/ReadingsStoreTests/Fixtures/readings-v1.sql"), encoding: .utf8)
        let old = try SQLiteConnection(path: file.path, access: .readWrite, busyTimeout: 1)
        try old.execute(sql)
        try old.execute(Schema.rollups)
        try old.setUserVersion(2)
        let first: Double = 1_796_036_280
        let store = try file.open(retention: Retention(perMinute: .infinity, samples: .infinity))
        #expect(try store.schemaVersion() == 3)
        #expect(try store.steps(in: TimeRange(start: first, end: first + 240), per: .minute).map(\.steps) == [12, 0, 30, 7])
        #expect(try store.flights(in: TimeRange(start: first, end: first + 240)) == nil)
        let recorder = manualRecorder(store)
        recorder.recordFlights(ascended: 3, descended: 1, at: first + 10)
        try recorder.close()
        let flights = try #require(try store.flights(in: TimeRange(start: first, end: first + 240)))
        #expect(flights.ascended == 3 && flights.descended == 1)
    }
}
