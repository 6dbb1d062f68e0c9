import Foundation
import IIODTestServer
import Testing

@testable import Sensors

#if canImport(Glibc)
import Glibc
#endif

/// Hardware step counters through libiio's network client against the test iiod's BMA400 (`in_steps_input`,
/// `in_steps_en`, `in_activity_*_input`), whose counter counts the demo scene's true steps while it is enabled.
@Suite("step counters over ip: against the test iiod")
struct StepCounterNetworkTests {
    @Test("discovery finds the counter, its switch and its activities; a board with an IMU prefers the IMU's accelerometer")
    func discovery() throws {
        let server = try IIODTestServer(fixture: .imuWithStepCounter)
        defer { server.stop() }
        let inventory = try SensorDiscovery.discover(uri: server.uri)
        let counter = try #require(inventory.preferredStepCounter)
        #expect(inventory.stepCounters.count == 1)
        #expect(counter.deviceID == "iio:device1" && counter.deviceName == "bma400")
        #expect(counter.countAttribute == .channel(id: "steps", attribute: "input", file: "in_steps_input"))
        #expect(counter.enableAttribute == .channel(id: "steps", attribute: "en", file: "in_steps_en"))
        #expect(counter.isEnabled == false)
        #expect(counter.activityAttributes[.walking]?.file == "in_activity_walking_input")
        #expect(counter.activityAttributes.count == 3)
        #expect(counter.counterBits == 24)
        #expect(counter.identity.rawValue.hasPrefix("bma400@"))
        #expect(inventory.isStepCountingAvailable)
        #expect(inventory.preferred(.accelerometer)?.deviceName == "bmi160")
        let source = try IIOMotionSource(inventory: inventory)
        #expect(source.info.hasStepCounter && source.info.hasDeviceMotion)
        let bmi160 = try IIODTestServer(fixture: .bmi160)
        defer { bmi160.stop() }
        let plain = try SensorDiscovery.discover(uri: bmi160.uri)
        #expect(plain.stepCounters.isEmpty && plain.isStepCountingAvailable)
    }

    @Test("a step counter bound before the IMU: device motion still pairs the IMU's own accelerometer and gyroscope")
    func imuBeforeStepCounterAccelerometer() throws {
        let server = try IIODTestServer(fixture: .stepCounterFirst)
        defer { server.stop() }
        let inventory = try SensorDiscovery.discover(uri: server.uri)
        #expect(inventory.sensors.first?.deviceName == "bma400", "the BMA400's accelerometer is listed first")
        #expect(inventory.preferred(.gyroscope)?.deviceName == "bmi160")
        #expect(inventory.preferred(.accelerometer)?.deviceName == "bmi160")
        #expect(inventory.preferredStepCounter?.deviceName == "bma400")
    }

    @Test("through xml: the counter is found, its state unknown")
    func xml() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bma400-\(UUID()).xml").path
        try IIOFixture.bma400.writeXML(to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let inventory = try SensorDiscovery.discover(uri: "xml:\(path)")
        #expect(inventory.stepCounters.map(\.deviceName) == ["bma400"])
        #expect(inventory.stepCounters.first?.isEnabled == nil)
    }

    /// Captures the counter while the demo scene (20× faster, after a 5 s lead-in for the capture to start on a
    /// loaded machine) walks its 44 steps (106.6–129.3 s of trajectory time, 5.33–6.47 s of wall time), until the
    /// count reaches 44 (or a minute passes). The rest after the walk lasts 1.7 s of wall time.
    static func captureWalk(_ fixture: IIOFixture) throws -> (readings: [SensorReading], server: IIODTestServer) {
        let server = try IIODTestServer(fixture: fixture, trajectory: LeadInTrajectory(leadIn: 100), rateScale: 20)
        let source = try IIOMotionSource.open(uri: server.uri)
        try source.start(
            CaptureConfiguration(updateInterval: 0.1, readings: SensorReading.Kind.motion.union([.stepCount, .activity])))
        var readings: [SensorReading] = []
        let start = Date()
        func walked() -> Bool { readings.contains { $0.kind == .stepCount && $0.value.x >= 44 } }
        while Date().timeIntervalSince(start) < 60, !walked(), let batch = try source.read() {
            readings += batch
        }
        source.stop()
        return (readings, server)
    }

    @Test("the capture enables the counter, reports the steps walked since it started, and restores in_steps_en")
    func countsTheWalkAndRestores() throws {
        let (readings, server) = try Self.captureWalk(.bma400)
        defer { server.stop() }
        let counts = readings.filter { $0.kind == .stepCount }.map(\.value.x)
        #expect(counts.count > 50, "\(counts.count) counter readings in the 6.5 s at 10 Hz")
        #expect(counts.first == 0 && counts.last == 44, "\(counts)")
        #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 <= $1 })
        let activities = readings.filter { $0.kind == .activity }.map(\.value)
        #expect(activities.contains { $0.y == 100 }, "walking was seen")
        #expect(readings.contains { $0.kind == .accelerometer })
        let enables = server.writes.filter { $0.channel == "steps" && $0.attribute == "en" }.map(\.value)
        #expect(enables == ["1", "0"])
        #expect(server.value(device: "bma400", channel: "steps", attribute: "en") == "0")
    }

    @Test("the counter's 24-bit wrap is undone: 44 steps from 16777200")
    func wraps() throws {
        let fixture = IIOFixture.bma400.settingValue("16777200", device: "bma400", channel: "steps", attribute: "input")
        let (readings, server) = try Self.captureWalk(fixture)
        defer { server.stop() }
        let counts = readings.filter { $0.kind == .stepCount }.map(\.value.x)
        #expect(counts.last == 44 && zip(counts, counts.dropFirst()).allSatisfy { $0 <= $1 }, "\(counts)")
    }

    @Test("without stepCount asked for, the counter is left alone")
    func notAskedNotTouched() throws {
        let server = try IIODTestServer(fixture: .bma400, rateScale: 20)
        defer { server.stop() }
        let source = try IIOMotionSource.open(uri: server.uri)
        try source.start(CaptureConfiguration(updateInterval: 0.1))
        let batch = try source.read()
        source.stop()
        #expect(batch?.allSatisfy { $0.kind == .accelerometer } == true)
        #expect(!server.writes.contains { $0.channel == "steps" })
    }

    @Test("a counter that cannot be read fails the start, and in_steps_en is restored")
    func failureRestores() throws {
        let fixture = IIOFixture.bma400.failingReads(device: "bma400", channel: "steps", attribute: "input", errno: EIO)
        let server = try IIODTestServer(fixture: fixture)
        defer { server.stop() }
        let source = try IIOMotionSource.open(uri: server.uri)
        #expect(throws: CaptureError.self) {
            try source.start(CaptureConfiguration(updateInterval: 0.1, readings: [.accelerometer, .stepCount]))
        }
        source.stop()
        let enables = server.writes.filter { $0.channel == "steps" && $0.attribute == "en" }.map(\.value)
        #expect(enables == ["1", "0"])
        #expect(server.value(device: "bma400", channel: "steps", attribute: "en") == "0")
    }
}
