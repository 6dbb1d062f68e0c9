import BodyReadings
import Foundation
import ReadingFormats
import Sensors
import Service
import TestSupport
import TextFormats
import Testing

@testable import BodyReadingsCLI

/// A source that never delivers a sample ends a `--duration` run by the wall-clock watchdog; that is a failure
/// (exit 69 naming what to check), not a short recording with exit 0 — seen in the VM under load, where a
/// service's capture had not started when its clients' durations ran out.
@Suite("a source that delivers nothing")
struct StalledSourceTests {
    /// A feed that takes every subscription and never delivers: served by the real `ServiceServer`, whose hello and
    /// replies a client gets as from `bodyreadings serve` whose capture has not delivered yet.
    final class SilentFeed: ReadingsFeed {
        let availability = ServiceAvailability(
            source: "silent", hasAccelerometer: true, hasGyroscope: true, hasMagnetometer: false,
            maximumSampleRate: 100, unavailable: [:])
        let captureInterval = 0.01

        func subscribe(
            _ reading: ServiceReading, interval: Double, everySample: Bool,
            deliver: @escaping @Sendable ([UInt8]) -> Void, notice: @escaping @Sendable ([UInt8]) -> Void,
            end: @escaping @Sendable (String?) -> Void
        ) -> FeedSubscription? {
            FeedSubscription(reading: reading) {}
        }

        func history(_ query: ServiceHistoryQuery) throws(ServiceProtocolError) -> [(String, JSONValue)] { [] }
    }

    @Test func aDurationRunWithoutASingleSampleFailsWithUnavailable() throws {
        let directory = try TemporaryDirectory(prefix: "stalled-source")
        let path = directory.file("serve.sock")
        let server = try ServiceServer(ServiceServer.Settings(path: path), feed: SilentFeed())
        defer { server.stop() }
        for command in [["stream", "--format", "jsonl"], ["steps"], ["record", "-"]] {
            let result = runStream(command + ["--source", "serve:" + path, "--duration", "0.5"])
            #expect(result.status == 69, "\(command): \(result.stderr)")
            #expect(
                result.stderr.contains("error: the source delivered no samples within the duration and 1 s more"),
                "\(command): \(result.stderr)")
        }
    }

    @Test func onlyARunThatTheWatchdogEndedWithNothingIsAFailure() throws {
        func report(_ ending: PipelineEnding, elements: Int) -> PipelineReport {
            PipelineReport(ending: ending, statistics: CaptureStatistics(), elements: elements, updates: 0)
        }
        #expect(throws: CLIError.self) { try StreamCommand.requireSamples(report(.duration, elements: 0)) }
        try StreamCommand.requireSamples(report(.duration, elements: 1))
        try StreamCommand.requireSamples(report(.endOfInput, elements: 0))
        try StreamCommand.requireSamples(report(.cancelled, elements: 0))
    }
}
