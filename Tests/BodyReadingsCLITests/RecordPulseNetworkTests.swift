import Foundation
import IIODTestServer
import TestSupport
import Testing

@testable import BodyReadingsCLI

/// `record` through libiio's network client on a board with an IMU and a pulse sensor: the test iiod serves the
/// bmi160 (device 0) beside a max30102 (device 1) that plays a development recording as its light.
@Suite("record with a pulse sensor over ip", .enabled(if: PPGData.isPresent, "needs ../shared/data/ppg"))
struct RecordPulseNetworkTests {
    static func board() -> IIOFixture {
        var pulse = IIOFixture.max30102.devices[0]
        pulse.id = "iio:device1"
        return IIOFixture(name: "bmi160-max30102", devices: IIOFixture.bmi160.devices + [pulse])
    }

    /// 20 s recorded: IMU rows at the sampling rate and PPG rows at 100 samples/s in one increasing time line;
    /// `heart-rate FILE` matches the reference beats of the stretch played (median, as the live network test) and
    /// `fuse FILE` reads the IMU rows only.
    @Test func recordsBothSensorsInOneTimeLine() throws {
        let pulse = try PulseWaveform.load(csv: PPGData.csv("a103l"), beats: PPGData.beatsFile("a103l"))
        let server = try IIODTestServer(fixture: Self.board(), pulse: pulse)
        defer { server.stop() }
        let scratch = try TemporaryDirectory(prefix: "bodyreadings-record-ppg-ip")
        let path = scratch.file("board.csv")
        let before = server.settingsSnapshot()
        let start = server.trajectoryNow
        let recorded = runStream(["record", path, "--uri", server.uri, "--duration", "20"])
        let end = server.trajectoryNow
        #expect(recorded.status == 0, "\(recorded.stderr)")
        // Every reading found its place in time: none came later than the assembler's lag.
        #expect(recorded.stderr.contains(", 0 dropped,"), "\(recorded.stderr)")
        #expect(server.settingsSnapshot() == before)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let header = lines[0].split(separator: ",", omittingEmptySubsequences: false)
        #expect(Array(header.suffix(3)) == ["ppg_red", "ppg_ir", "ppg_green"])
        let rows = lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let times = rows.compactMap { Double($0[0]) }
        #expect(times.count == rows.count)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "t increases over both sensors' rows")
        let pulseRows = rows.filter { !$0[header.count - 2].isEmpty }
        let imuRows = rows.filter { !$0[1].isEmpty }
        // 100 samples/s of PPG over 20 s, minus the start-up and the last buffer (±10 %).
        #expect(abs(Double(pulseRows.count) - 2000) < 200, "\(pulseRows.count) PPG rows")
        #expect(pulseRows.allSatisfy { $0[header.count - 1].isEmpty }, "no green LED on a max30102")
        #expect(imuRows.count > 150, "\(imuRows.count) IMU rows")
        let beats = try HeartRateCommandTests.beats(runStream(["heart-rate", path]).stdout)
        let rates = beats.compactMap(\.heartRate).sorted()
        #expect(rates.count >= 10, "\(beats.count) beats")
        let reference = pulse.beats(from: start, to: end)
        let instantaneous = zip(reference, reference.dropFirst()).map { 60 / ($1 - $0) }
        let median = HeartRateWindowMetric.median(rates)
        let referenceRate = HeartRateWindowMetric.median(instantaneous.sorted())
        #expect(abs(median - referenceRate) < 3, "median \(median), reference \(referenceRate)")
        let fused = runStream(["fuse", path])
        #expect(fused.status == 0, "\(fused.stderr)")
        #expect(fused.stdout.split(separator: "\n").count == imuRows.count + 1)
    }
}
