import Foundation
import IIO
import IIODTestServer
import MotionMath
import Testing

@testable import Sensors

#if canImport(Glibc)
import Glibc
#endif

/// Pulse sensors through the real libiio network client against the test iiod: discovery of each health driver's
/// layout (Linux 6.1), and capture of their intensities without timestamp channel or sampling-frequency attribute.
@Suite("Pulse sensors over ip: against the test iiod")
struct PulseSensorNetworkTests {
    /// Per fixture: the channels taken in LED order, their LEDs, format, capture mode and own trigger.
    static let expected: [(fixture: String, channels: [String], lights: [PPGLight], format: String, mode: CaptureMode,
        ownTrigger: String?)] = [
        ("max30102", ["intensity_red", "intensity_ir"], [.red, .infrared], "be:u18/32>>8", .buffered, nil),
        ("max30105", ["intensity_red", "intensity_ir", "intensity_green"], [.red, .infrared, .green], "be:u18/32>>8",
            .buffered, nil),
        ("max30100", ["intensity_red", "intensity_ir"], [.red, .infrared], "be:U16/16>>0", .buffered, nil),
        ("afe4404", ["intensity5", "intensity6"], [.red, .infrared], "le:s24/32>>0", .buffered, "afe4404-dev0"),
        ("afe4403", ["intensity5", "intensity6"], [.red, .infrared], "le:s24/32>>0", .buffered, "afe4403-dev0"),
    ]

    @Test("each health driver's layout is found as one pulse sensor", arguments: expected.map(\.fixture))
    func discovery(name: String) throws {
        let expectation = try #require(Self.expected.first { $0.fixture == name })
        let server = try IIODTestServer(fixture: try #require(IIOFixture.named(name)))
        defer { server.stop() }
        let inventory = try SensorDiscovery.discover(uri: server.uri)
        #expect(inventory.sensors.count == 1)
        let sensor = try #require(inventory.sensors.first)
        #expect(sensor.kind == .ppg)
        #expect(sensor.deviceName == name)
        #expect(sensor.axes.map(\.id) == expectation.channels)
        #expect(sensor.lights == expectation.lights)
        #expect(sensor.axes.allSatisfy { $0.format.map { "\($0)" } == expectation.format })
        #expect(sensor.timestamp == nil)
        #expect(sensor.samplingFrequency == 100)
        #expect(sensor.samplingFrequencyAttribute == nil)
        #expect(sensor.captureMode == expectation.mode)
        #expect(sensor.ownTrigger == expectation.ownTrigger)
        #expect(sensor.identity.rawValue == "\(name)@127.0.0.1")
        #expect(inventory.isHeartRateAvailable)
        #expect(!inventory.isDeviceMotionAvailable)
    }

    @Test("an AFE440x without its IRQ line (no trigger) is polled from in_intensityN_raw")
    func afeWithoutTriggerIsPolled() throws {
        var fixture = IIOFixture.afe4404
        fixture.devices.removeAll { $0.isTrigger }
        let server = try IIODTestServer(fixture: fixture)
        defer { server.stop() }
        let sensor = try #require(try SensorDiscovery.discover(uri: server.uri).preferred(.ppg))
        #expect(sensor.captureMode == .polled)
        #expect(sensor.captureReason.contains("in_intensity*_raw"))
    }

    @Test("ambient-light sensors with intensity_ir channels are not pulse sensors")
    func lightSensorIsNotAPulseSensor() throws {
        var fixture = IIOFixture.max30102
        fixture.devices[0].name = "tsl2563"
        let server = try IIODTestServer(fixture: fixture)
        defer { server.stop() }
        #expect(try SensorDiscovery.discover(uri: server.uri).sensors.isEmpty)
    }

    /// Captures `.ppg` readings from the fixture until their times span `seconds` (or a minute of wall time passes):
    /// a loaded machine delivers them late, so a span of wall time would hold fewer.
    static func capture(_ fixture: IIOFixture, seconds: Double, log: @escaping @Sendable (CaptureNote) -> Void = { _ in })
        throws -> (readings: [SensorReading], statistics: CaptureStatistics, server: IIODTestServer)
    {
        let server = try IIODTestServer(fixture: fixture)
        let source = try IIOMotionSource.open(uri: server.uri)
        #expect(source.info.hasPPG)
        try source.start(CaptureConfiguration(updateInterval: 0.1, readings: [.ppg], log: log))
        var readings: [SensorReading] = []
        let start = Date()
        func span() -> Double { (readings.last?.t ?? 0) - (readings.first?.t ?? 0) }
        while Date().timeIntervalSince(start) < 60, span() < seconds, let batch = try source.read() {
            readings += batch
        }
        let statistics = source.statistics
        source.stop()
        server.stop()
        return (readings, statistics, server)
    }

    @Test("max30102: 100 readings a second, red and IR counts in x and y, z NaN, intensity falling with the pulse")
    func maximCapture() throws {
        let (readings, statistics, server) = try Self.capture(.max30102, seconds: 2)
        #expect(readings.allSatisfy { $0.kind == .ppg })
        #expect(readings.count >= 150, "\(readings.count) readings")
        Self.expectArrivalTiming(readings, period: 0.01)
        #expect(readings.allSatisfy { $0.value.z.isNaN })
        // Red 100,000 × (1 − 0.012 p), IR 120,000 × (1 − 0.02 p), p in 0…1 (1st–99th percentile, a little beyond).
        #expect(readings.allSatisfy { (98_000...100_300).contains($0.value.x) }, "\(readings.first!.value)")
        #expect(readings.allSatisfy { (117_000...120_500).contains($0.value.y) })
        // IR and red follow the same pulse, both falling at systole: they move together.
        let red = readings.map(\.value.x)
        let ir = readings.map(\.value.y)
        #expect(Self.correlation(red, ir) > 0.99)
        #expect(statistics.droppedReadings == 0)
        _ = server
    }

    @Test("afe4404: LED2−ambient and LED1−ambient through the own trigger, sign-extended 24-bit counts")
    func afeCapture() throws {
        let (readings, _, server) = try Self.capture(.afe4404, seconds: 1.5)
        #expect(readings.count >= 100, "\(readings.count) readings")
        Self.expectArrivalTiming(readings, period: 0.01)
        #expect(readings.allSatisfy { (590_000...600_500).contains($0.value.x) && (705_000...720_500).contains($0.value.y) })
        let setTriggers = server.commands.filter { $0.hasPrefix("SETTRIG iio:device0 ") }
        #expect(setTriggers.first.map { $0.split(separator: " ").count == 3 } == true, "\(server.commands)")
        #expect(server.currentTrigger(of: "iio:device0") == nil, "restored")
    }

    @Test("an AFE4404 without a trigger is polled at its 100 samples/s")
    func afePolledCapture() throws {
        var fixture = IIOFixture.afe4404
        fixture.devices.removeAll { $0.isTrigger }
        let notes = NoteLog()
        let (readings, _, _) = try Self.capture(fixture, seconds: 1.5) { notes.append($0.description) }
        // The rate asked for; what a loaded machine achieves through two round trips per sample varies.
        #expect(notes.lines.contains { $0.contains("polling at 100 Hz") }, "\(notes.lines)")
        #expect(readings.count >= 30, "\(readings.count) readings")
        #expect(readings.allSatisfy { $0.value.x > 500_000 && $0.value.y > 600_000 && $0.value.z.isNaN })
    }

    @Test("a stream of motion does not open the pulse sensor, and a pulse capture not the IMU")
    func readingsChooseTheDevices() throws {
        let fixture = IIOFixture(
            name: "imu-and-pulse",
            devices: IIOFixture.hidSensorHub.devices.filter { !$0.isTrigger }.prefix(2).map { $0 }
                + [IIOFixture.hidSensorHub.devices[3], IIOFixture.hidSensorHub.devices[4]]
                + IIOFixture.max30102.devices.map { device in
                    var renamed = device
                    renamed.id = "iio:device9"
                    return renamed
                })
        let server = try IIODTestServer(fixture: fixture)
        defer { server.stop() }
        let source = try IIOMotionSource.open(uri: server.uri)
        #expect(source.info.hasPPG && source.info.hasDeviceMotion)
        try source.start(CaptureConfiguration(updateInterval: 0.1))
        var kinds = Set<SensorReading.Kind>()
        for _ in 0..<5 { try source.read()?.forEach { kinds.insert($0.kind) } }
        source.stop()
        #expect(kinds == [.accelerometer, .gyroscope])
        #expect(!server.commands.contains { $0.hasPrefix("OPEN iio:device9") })
    }

    /// Samples without a timestamp channel are timed back from their batch's arrival by the nominal period and never
    /// closer than half a period: so times increase, most spacings are the period, and none is under half of it. How
    /// many arrive within a span of wall time depends on the machine's load (a late batch's samples are squeezed
    /// towards the one before), so the rate is judged by the typical spacing, not by a count.
    static func expectArrivalTiming(_ readings: [SensorReading], period: Double,
        sourceLocation: SourceLocation = #_sourceLocation)
    {
        let spacings = zip(readings, readings.dropFirst()).map { $1.t - $0.t }.sorted()
        guard !spacings.isEmpty else {
            Issue.record("no readings", sourceLocation: sourceLocation)
            return
        }
        let median = spacings[spacings.count / 2]
        #expect(abs(median - period) < period / 10, "median spacing \(median)", sourceLocation: sourceLocation)
        #expect(spacings[0] >= period / 2 - 1e-9, "smallest spacing \(spacings[0])", sourceLocation: sourceLocation)
    }

    static func correlation(_ a: [Double], _ b: [Double]) -> Double {
        let n = Double(a.count)
        let ma = a.reduce(0, +) / n
        let mb = b.reduce(0, +) / n
        var sab = 0.0
        var saa = 0.0
        var sbb = 0.0
        for (x, y) in zip(a, b) {
            sab += (x - ma) * (y - mb)
            saa += (x - ma) * (x - ma)
            sbb += (y - mb) * (y - mb)
        }
        return sab / (saa * sbb).squareRoot()
    }
}

/// Capture notes collected from the capture thread.
final class NoteLog: @unchecked Sendable {
    // @unchecked: `stored` is guarded by `lock`.
    private let lock = NSLock()
    private var stored: [String] = []

    func append(_ line: String) { lock.withLock { stored.append(line) } }
    var lines: [String] { lock.withLock { stored } }
}
