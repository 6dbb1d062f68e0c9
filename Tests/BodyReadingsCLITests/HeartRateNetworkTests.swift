import Foundation
import IIODTestServer
import TestSupport
import Testing

@testable import BodyReadingsCLI

/// `available`, `info` and `heart-rate` through libiio's network client against the test iiod serving a
/// max30102-shaped and an afe4404-shaped device that play the development recordings as their photodiode's light.
@Suite("heart rate over ip: against the test iiod", .enabled(if: PPGData.isPresent, "needs ../shared/data/ppg"))
struct HeartRateNetworkTests {
    @Test("available says heart rate yes; info lists the pulse sensor", arguments: ["max30102", "afe4404"])
    func availableAndInfo(name: String) throws {
        let server = try IIODTestServer(fixture: try #require(IIOFixture.named(name)))
        defer { server.stop() }
        let available = runTool(["available", "--uri", server.uri])
        #expect(available.status == 1, "no device motion")
        #expect(available.out.contains("heart rate:    yes (\(name), iio:device0)"))
        let json = runTool(["available", "--json", "--uri", server.uri])
        #expect(json.out.contains("\"heart_rate\":true"))
        let info = runTool(["info", "--uri", server.uri])
        #expect(info.status == 0, "\(info.err)")
        #expect(info.out.contains("ppg: \(name) (iio:device0)"))
        #expect(info.out.contains("sampling        100 Hz (fixed by the driver)"))
        #expect(info.out.contains(name == "max30102" ? "intensity_ir [be:u18/32>>8] (infrared)" : "intensity6 [le:s24/32>>0]"))
    }

    /// Plays `record` on the fixture and runs `heart-rate` on it for 20 s; the median of the reported heart rates
    /// must match the median rate (60 / RR) of the reference beats in the stretch played (a median, since the ECG
    /// reference counts premature beats and pauses that the rhythm does not have).
    @Test(
        "heart-rate live over ip: matches the recording's reference beats",
        arguments: [("max30102", "a103l"), ("afe4404", "mixedsignals")])
    func liveHeartRate(fixtureName: String, record: String) throws {
        let pulse = try PulseWaveform.load(csv: PPGData.csv(record), beats: PPGData.beatsFile(record))
        let server = try IIODTestServer(fixture: try #require(IIOFixture.named(fixtureName)), pulse: pulse)
        defer { server.stop() }
        let before = server.settingsSnapshot()
        let start = server.trajectoryNow
        let result = runStream(["heart-rate", "--uri", server.uri, "--duration", "20", "--format", "csv"])
        let end = server.trajectoryNow
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("stopped (duration reached)"))
        let beats = try HeartRateCommandTests.beats(result.stdout)
        let rates = beats.compactMap(\.heartRate).sorted()
        #expect(rates.count >= 10, "\(beats.count) beats; \(result.stderr)")
        let reference = pulse.beats(from: start, to: end)
        let instantaneous = zip(reference, reference.dropFirst()).map { 60 / ($1 - $0) }
        let referenceRate = HeartRateWindowMetric.median(instantaneous.sorted())
        let median = HeartRateWindowMetric.median(rates)
        #expect(abs(median - referenceRate) < 3, "median \(median), reference \(referenceRate)")
        #expect(server.settingsSnapshot() == before)
        #expect(server.openBufferCount == 0)
    }
}
