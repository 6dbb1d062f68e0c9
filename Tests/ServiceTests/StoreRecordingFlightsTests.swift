import BodyReadings
import Foundation
import ReadingFormats
import ReadingsStore
import SystemSupport
import Service
import TestSupport
import Testing
import TextFormats

/// The service records its flights: the simulated barometer's lap flights reach the store per minute, today's
/// count is the store's plus those since, and a `history` request for `flights` answers from the store.
@Suite("store recording flights")
struct StoreRecordingFlightsTests {
    @Test func theLapsFlightsAreStoredAndTodaysCountResumesFromTheStore() throws {
        let directory = try TemporaryDirectory(prefix: "store-flights")
        let path = directory.file("readings.sqlite")
        let noon = TimeRange.today(now: WallClock.now()).start + 12 * 3600
        func record(laps: Double) throws -> (today: (ascended: Int, descended: Int), last: AltitudeUpdate?) {
            let capture = ServiceCapture(
                source: SimulatedMotionSource(seed: 5, pacing: .fast), makeSource: nil, correction: nil,
                baseInterval: 0.1)
            let recording = try StoreRecording(
                capture: capture, store: ReadingsDatabase(path: path, access: .readWrite), clock: { noon })
            capture.start()
            #expect(waitUntil { (capture.altitude.latest?.t ?? 0) >= laps * 80 })
            capture.stop()
            let today = recording.flightsToday
            let last = capture.altitude.latest
            try recording.stop()
            return (today, last)
        }
        let first = try record(laps: 2)
        #expect(first.today.ascended == first.last?.floorsAscended && first.today.ascended >= 2, "\(first)")
        #expect(first.today.descended == 0, "the lift counts no flight down")

        let store = try ReadingsDatabase(path: path, access: .readOnly)
        let stored = try #require(try store.flights(in: TimeRange.today(now: noon)))
        #expect(stored.ascended == first.today.ascended && stored.descended == 0)
        let answer = JSONValue.object(
            try StoreRecording.history(ServiceHistoryQuery(reading: .altitude, per: .day), in: store, now: noon + 60))
        #expect(answer["reading"]?.stringValue == "flights", "\(answer)")
        #expect(answer["buckets"]?.arrayValue?.first?["floors_ascended"]?.numberValue == Double(stored.ascended), "\(answer)")
        try store.close()

        let second = try record(laps: 1)
        #expect(second.today.ascended == stored.ascended + (second.last?.floorsAscended ?? -1), "\(second)")
    }
}
