import Foundation
import IIODTestServer
import Testing

@testable import Sensors

#if canImport(Glibc)
import Glibc
#endif

/// Barometer capture through libiio's network client against the test iiod's barometers: `.pressure` readings in
/// kPa and °C, the rate and oversampling set for the capture and put back on every exit path.
@Suite("barometer capture over ip: against the test iiod")
struct BarometerCaptureNetworkTests {
    /// Captures `pressure` readings until `count` arrived (or 30 s passed), then stops.
    static func capture(_ server: IIODTestServer, count: Int = 5) throws -> [SensorReading] {
        let source = try IIOMotionSource.open(uri: server.uri)
        try source.start(CaptureConfiguration(updateInterval: 0.1, readings: [.pressure]))
        var readings: [SensorReading] = []
        let start = Date()
        while readings.count < count, Date().timeIntervalSince(start) < 30, let batch = try source.read() {
            readings += batch
        }
        source.stop()
        return readings
    }

    @Test("a barometer alone is a source: it has pressure readings and nothing else")
    func sourceInfo() throws {
        let server = try IIODTestServer(fixture: .bmp280)
        defer { server.stop() }
        let source = try IIOMotionSource.open(uri: server.uri)
        #expect(source.info.hasBarometer && !source.info.hasAccelerometer && !source.info.hasStepCounting)
        #expect(source.info.name.hasSuffix("bmp280"))
        #expect(throws: CaptureError.self) { try source.start(CaptureConfiguration(updateInterval: 0.1)) }
        source.stop()
    }

    @Test("readings carry kPa and °C; the driver's own settings are left alone when they are the chosen ones",
          arguments: ["bmp280", "lps22hb"])
    func readings(name: String) throws {
        let server = try IIODTestServer(fixture: try #require(IIOFixture.named(name)))
        defer { server.stop() }
        let before = server.settingsSnapshot()
        let readings = try Self.capture(server)
        #expect(readings.count >= 5 && readings.allSatisfy { $0.kind == .pressure })
        let expected = name == "lps22hb" ? 4_122_747 * 0.000024414 : 100.653253906
        #expect(readings.allSatisfy { abs($0.value.x - expected) < 1e-9 && abs($0.value.y - 25.08) < 1e-9 })
        #expect(readings.allSatisfy { $0.value.z == 0 })
        #expect(zip(readings, readings.dropFirst()).allSatisfy { $0.t < $1.t })
        let written = server.writes.filter { $0.result >= 0 }.map { "\($0.attribute)=\($0.value)" }
        #expect(written == (name == "lps22hb" ? ["sampling_frequency=25", "sampling_frequency=1"] : []))
        #expect(server.settingsSnapshot() == before)
    }

    @Test("dps310: rate 32 Hz and oversampling ×16 while captured, then both restored")
    func setsAndRestores() throws {
        let server = try IIODTestServer(fixture: .dps310)
        defer { server.stop() }
        let before = server.settingsSnapshot()
        let readings = try Self.capture(server)
        #expect(readings.count >= 5)
        #expect(readings.allSatisfy { abs($0.value.x - 100.653) < 1e-9 && abs($0.value.y - 25.08) < 1e-9 })
        let written = server.writes.filter { $0.result >= 0 }.map { "\($0.channel ?? "").\($0.attribute)=\($0.value)" }
        #expect(written == [
            "pressure.sampling_frequency=32", "pressure.oversampling_ratio=16",
            "pressure.oversampling_ratio=1", "pressure.sampling_frequency=1",
        ])
        #expect(server.settingsSnapshot() == before)
    }

    @Test("the temperature is read once a second, the pressure on every tick")
    func temperatureOncePerSecond() throws {
        let server = try IIODTestServer(fixture: .dps310)
        defer { server.stop() }
        let readings = try Self.capture(server, count: 40)
        let reads = server.commands.filter { $0.hasPrefix("READ iio:device0 INPUT ") }
        let pressure = reads.filter { $0.contains(" pressure input") }.count
        let temperature = reads.filter { $0.contains(" temp input") }.count
        #expect(pressure >= 40, "\(reads.suffix(4))")
        // 40 ticks at 32 Hz span 1.2 s: two temperature reads, three should a tick slip past the second.
        #expect(temperature >= 1 && temperature <= 3, "\(temperature) temperature reads for \(readings.count) readings")
        #expect(readings.allSatisfy { abs($0.value.y - 25.08) < 1e-9 })
    }

    @Test("an oversampling the driver refuses fails the start, naming the attribute; the rate is restored")
    func refusedOversamplingRestoresRate() throws {
        let fixture = IIOFixture.dps310.failingWrites(
            device: "dps310", channel: "pressure", attribute: "oversampling_ratio", errno: EACCES)
        let server = try IIODTestServer(fixture: fixture)
        defer { server.stop() }
        let before = server.settingsSnapshot()
        let source = try IIOMotionSource.open(uri: server.uri)
        #expect {
            try source.start(CaptureConfiguration(updateInterval: 0.1, readings: [.pressure]))
        } throws: { error in
            let error = error as? CaptureError
            return error?.kind == .permissionDenied && error?.message.contains("in_pressure_oversampling_ratio") == true
        }
        source.stop()
        let rates = server.writes.filter { $0.attribute == "sampling_frequency" }.map(\.value)
        #expect(rates == ["32", "1"])
        #expect(server.settingsSnapshot() == before)
    }

    @Test("a pressure that cannot be read fails the start; the settings are restored")
    func unreadablePressureRestores() throws {
        let fixture = IIOFixture.dps310.failingReads(device: "dps310", channel: "pressure", attribute: "input", errno: EIO)
        let server = try IIODTestServer(fixture: fixture)
        defer { server.stop() }
        let before = server.settingsSnapshot()
        let source = try IIOMotionSource.open(uri: server.uri)
        #expect(throws: CaptureError.self) {
            try source.start(CaptureConfiguration(updateInterval: 0.1, readings: [.pressure]))
        }
        source.stop()
        #expect(server.settingsSnapshot() == before)
        #expect(server.writes.filter { $0.result >= 0 }.count == 4)
    }
}
