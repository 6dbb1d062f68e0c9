import Foundation
import IIODTestServer
import TestSupport
import Testing

@testable import BodyReadingsCLI

/// `altitude` and `steps` live through libiio's network client against the test iiod's barometers (a held pressure:
/// the altitude stays 0), with and without an accelerometer beside them.
@Suite("altitude and steps live over ip: against the test iiod")
struct AltitudeLiveNetworkTests {
    @Test("altitude reads a barometer alone: rows at 0 m, floors null, the chip's settings restored",
          arguments: ["bmp280", "dps310", "lps22hb"])
    func barometerAlone(name: String) throws {
        let server = try IIODTestServer(fixture: try #require(IIOFixture.named(name)))
        defer { server.stop() }
        let before = server.settingsSnapshot()
        let result = runStream(["altitude", "--uri", server.uri, "--duration", "1.5", "--format", "jsonl"])
        #expect(result.status == 0, "\(result.stderr)")
        let (rows, summary) = try AltitudeCommandTests.jsonLines(result.stdout)
        #expect(rows.count >= 5, "\(rows.count) rows")
        #expect(rows.allSatisfy { $0["relative_altitude"] as? Double == 0 })
        #expect(summary["floors_ascended"] is NSNull && summary["floors_descended"] is NSNull, "\(summary)")
        #expect(server.settingsSnapshot() == before)
        if name == "dps310" { #expect(server.writes.filter { $0.result >= 0 }.count == 4) }
    }

    @Test("with an IMU beside the barometer: altitude and steps count floors (0 at rest)")
    func withAccelerometer() throws {
        let server = try IIODTestServer(fixture: .imuWithBarometer)
        defer { server.stop() }
        let altitude = runStream(["altitude", "--uri", server.uri, "--duration", "1.5", "--format", "jsonl"])
        #expect(altitude.status == 0, "\(altitude.stderr)")
        let summary = try AltitudeCommandTests.jsonLines(altitude.stdout).summary
        #expect(summary["floors_ascended"] as? Int == 0 && summary["floors_descended"] as? Int == 0, "\(summary)")
        let steps = runStream(["steps", "--uri", server.uri, "--duration", "1.5", "--format", "jsonl"])
        #expect(steps.status == 0, "\(steps.stderr)")
        let stepsSummary = try AltitudeCommandTests.jsonLines(steps.stdout).summary
        #expect(stepsSummary["floors_ascended"] as? Int == 0, "\(stepsSummary)")
    }

    @Test("no barometer: one line naming what is missing and the alternatives, exit 69")
    func noBarometer() throws {
        let server = try IIODTestServer(fixture: .bmi160)
        defer { server.stop() }
        let result = runStream(["altitude", "--uri", server.uri, "--duration", "1"])
        #expect(result.status == 69)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("has no barometer") && result.stderr.contains("--source sim"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
