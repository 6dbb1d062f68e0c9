import Foundation
import Testing

@testable import ReadingsStore

/// Pruning: per-minute rows and rollups after `Retention.perMinute` (at whole hours), samples and beats after
/// `Retention.samples`.
@Suite struct RetentionTests {
    let now = dayStart + 12 * 3600 + 1234

    func fill(_ store: ReadingsDatabase, ages: [Double]) throws {
        let recorder = ReadingsRecorder(
            store: store, settings: ReadingsRecorder.Settings(flushInterval: 60), clock: { [now] in now })
        for age in ages {
            recorder.recordSteps(1, at: now - age)
            recorder.recordHeartRate(70, at: now - age)
            recorder.recordBeat(at: now - age, rrInterval: 0.85, quality: .good)
        }
        try recorder.close()
    }

    @Test func pruningDropsWhatRetentionNoLongerKeeps() throws {
        let file = try StoreFile()
        let store = try file.open(retention: Retention(perMinute: 10 * 86400, samples: 2 * 86400))
        let day = 86400.0
        // The recorder pruned when it started (nothing then) and not again within the hour: all rows are in.
        try fill(store, ages: [11 * day, 10 * day + 1800, 10 * day + 600, 3 * day, day, 60])
        let everything = TimeRange(start: 0, end: 4e9)
        #expect(try store.steps(in: everything)?.steps == 6)
        try store.prune(now: now)
        // The cutoff is the UTC hour holding now − 10 days: its minutes stay, with their rollup.
        let cutoff = ((now - 10 * day) / 3600).rounded(.down) * 3600
        let steps = try store.steps(in: everything, per: .minute)
        let ages: [Double] = [10 * day + 1800, 10 * day + 600, 3 * day, day, 60]
        let kept = ages.map { age -> Double in ((now - age) / 60).rounded(.down) * 60 }.filter { $0 >= cutoff }
        #expect(steps.map(\.start) == kept)
        #expect(kept.count == 4, "the minute 10 days and 10 minutes ago is in the cutoff's hour and stays")
        let connection = try SQLiteConnection(path: file.path, access: .readOnly, busyTimeout: 1)
        let older = try connection.integer("SELECT count(*) FROM steps_hour WHERE hour < ?1", [.integer(Int64(cutoff))])
        #expect(older == 0)
        #expect(try connection.integer("SELECT total(steps) FROM steps_hour") == Int64(steps.count))
        #expect(try connection.integer("SELECT count(*) FROM heart_rate_sample") == 2)
        #expect(try connection.integer("SELECT count(*) FROM beat") == 2)
        // The per-minute heart-rate summary outlives the samples.
        #expect(try store.heartRate(in: TimeRange(start: now - 4 * day, end: now - 2 * day))?.samples == 1)
    }

    @Test func theDefaultKeepsAYearOfMinutesAndAWeekOfSamples() throws {
        let file = try StoreFile()
        let store = try file.open()
        let day = 86400.0
        try fill(store, ages: [366 * day, 364 * day, 8 * day, 6 * day])
        try store.prune(now: now)
        #expect(try store.steps(in: TimeRange(start: 0, end: 4e9))?.steps == 3)
        #expect(try store.heartRate(in: TimeRange(start: 0, end: 4e9))?.beats == 3)
        let connection = try SQLiteConnection(path: file.path, access: .readOnly, busyTimeout: 1)
        #expect(try connection.integer("SELECT count(*) FROM beat") == 1)
    }

    @Test func infiniteRetentionKeepsEverything() throws {
        let file = try StoreFile()
        let store = try file.open(retention: Retention(perMinute: .infinity, samples: .infinity))
        try fill(store, ages: [3000 * 86400, 60])
        try store.prune(now: now)
        #expect(try store.steps(in: TimeRange(start: 0, end: 4e9))?.steps == 2)
        #expect(try store.latestHeartRate() != nil)
    }

    @Test func aRecorderPrunesWhenItStarts() throws {
        let file = try StoreFile()
        let retention = Retention(perMinute: 86400, samples: 86400)
        try fill(try file.open(retention: retention), ages: [5 * 86400, 60])
        let store = try file.open(retention: retention)
        let recorder = ReadingsRecorder(store: store, clock: { [now] in now })
        let deadline = Date().addingTimeInterval(30)
        while try store.steps(in: TimeRange(start: 0, end: 4e9))?.steps != 1, Date() < deadline { usleep(10_000) }
        try recorder.close()
        #expect(try store.steps(in: TimeRange(start: 0, end: 4e9))?.steps == 1)
    }
}
