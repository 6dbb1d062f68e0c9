import BodyReadings
import Foundation
import ReadingFormats
import Sensors
import Service
import TestSupport
import Testing
import TextFormats

/// The service's altitude: the simulated sensors' barometer climbs a floor by the stairs while the demo walks and
/// rides the lift down while it stands, so that the capture counts one flight up and none down per 80 s; the feed
/// shares it as `altitude` lines with the day's flights, says why a source without a barometer has none, and
/// `status` mentions the barometer.
@Suite("service altitude")
struct ServiceAltitudeTests {
    private func simCapture(seed: UInt64 = 5) -> ServiceCapture {
        ServiceCapture(
            source: SimulatedMotionSource(seed: seed, pacing: .fast), makeSource: nil, correction: nil, baseInterval: 0.1)
    }

    @Test func theSimulatedBarometerClimbsAFloorWhileTheDemoWalksAndRidesTheLiftDown() throws {
        let capture = simCapture()
        #expect(capture.hasBarometer && capture.readings.contains(.pressure))
        let updates = Locked<[AltitudeUpdate]>([])
        let token = capture.altitude.subscribe(interval: 0) { update in updates.mutate { $0.append(update) } }
        capture.start()
        defer { capture.stop() }
        // 160 s of the simulation as fast as the machine goes: a loaded one took over 30 s.
        #expect(waitUntil(timeout: 600) { (updates.value.last?.t ?? 0) >= 160 }, "two repetitions of the 80 s demo")
        capture.altitude.unsubscribe(token)
        let seen = updates.value
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.t < $1.t }, "in time order")
        let firstLap = seen.filter { $0.t < 80 }
        let top = try #require(firstLap.map(\.reading.relativeAltitude).max())
        #expect(abs(top - 3) < 0.6, "a floor of 3 m up the stairs, not \(top) m")
        let atLapEnd = try #require(firstLap.last)
        #expect(abs(atLapEnd.reading.relativeAltitude) < 0.6, "back down by the lift: \(atLapEnd.reading.relativeAltitude) m")
        #expect(atLapEnd.floorsAscended == 1 && atLapEnd.floorsDescended == 0, "the lift counts no flight: \(atLapEnd)")
        let secondLap = try #require(seen.last { $0.t < 160 })
        #expect(secondLap.floorsAscended == 2 && secondLap.floorsDescended == 0, "\(secondLap)")
    }

    @Test func theFeedSharesAltitudeLinesWithTheDaysFlightsAndStatusMentionsTheBarometer() throws {
        let capture = simCapture()
        let feed = CaptureFeed(capture: capture, flightsToday: { update in (update.floorsAscended + 7, 2) })
        #expect(feed.availability.isAvailable(.altitude))
        let lines = Locked<[JSONValue]>([])
        let deliver: @Sendable ([UInt8]) -> Void = { bytes in
            if case .reading(.altitude, let value)? = try? ServiceEvent.parse(Array(bytes.dropLast())) {
                lines.mutate { $0.append(value) }
            }
        }
        let subscribed = feed.subscribe(
            .altitude, interval: 1, everySample: false, deliver: deliver, notice: { _ in }, end: { _ in })
        let subscription = try #require(subscribed)
        capture.start()
        defer { capture.stop() }
        #expect(waitUntil { (lines.value.last?["t"]?.numberValue ?? 0) >= 40 })
        subscription.cancel()
        let seen = lines.value
        let times = seen.compactMap { $0["t"]?.numberValue }
        #expect(times.count == seen.count && zip(times, times.dropFirst()).allSatisfy { $1 - $0 == 1 }, "every 1 s: \(times)")
        #expect(seen.allSatisfy { $0["pressure"]?.numberValue != nil && $0["relative_altitude"]?.numberValue != nil })
        #expect(seen.allSatisfy { $0["floors_descended"]?.numberValue == 2 }, "the day's, as the store tells them")
        #expect(seen.first?["floors_ascended"]?.numberValue == 7 && seen.last?["floors_ascended"]?.numberValue == 8)
        let status = JSONValue.object(feed.statusMembers)
        #expect(status["barometer"]?["pressure"]?.numberValue != nil, "\(status)")
        #expect(status["barometer"]?["relative_altitude"]?.numberValue != nil, "\(status)")
    }

    @Test func aClientSourceAskingForPressureGetsTheServicesBarometerBesideTheSamples() throws {
        let directory = try TemporaryDirectory(prefix: "br-altitude")
        let capture = simCapture()
        let server = try ServiceServer(
            ServiceServer.Settings(path: directory.file("serve.sock")), feed: CaptureFeed(capture: capture))
        capture.start()
        defer {
            server.stop()
            capture.stop()
        }
        let source = try ServiceMotionSource(path: server.settings.path)
        defer { source.stop() }
        try source.start(CaptureConfiguration(updateInterval: 0.1, readings: [.accelerometer, .pressure]))
        var pressures: [SensorReading] = []
        var accelerations = 0
        while pressures.count < 50, let readings = try source.read() {
            pressures += readings.filter { $0.kind == .pressure }
            accelerations += readings.filter { $0.kind == .accelerometer }.count
        }
        #expect(pressures.count >= 50 && accelerations > 50)
        #expect(pressures.allSatisfy { $0.value.x > 100 && $0.value.x < 103 && $0.value.y.isNaN }, "kPa, no temperature")
        let times = pressures.map(\.t)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
    }

    /// 20 s of a still IMU at 50 Hz with a barometer at 25 Hz on rows of its own, climbing 3 m from 5 s to 11 s in
    /// air at 35 °C (at the formula's 15 °C the same pressures would be 2.81 m).
    static func climbRecording() -> String {
        let celsius = 35.0
        var rows: [(Double, String)] = (0..<1000).map { (Double($0) * 0.02, "0,0,9.81,0,0,0,,") }
        for k in 0..<500 {
            let t = 0.01 + Double(k) * 0.04
            let height = 3 * min(1, max(0, (t - 5) / 6))
            // The hypsometric scale height R·T / (g·M) of dry air, m.
            let scale = 8.314462618 / (9.80665 * 0.0289644) * (celsius + 273.15)
            let pressure = 101.325 * exp(-height / scale)
            rows.append((t, ",,,,,,\(pressure),\(celsius)"))
        }
        let lines = rows.sorted { $0.0 < $1.0 }.map { "\($0.0),\($0.1)" }
        return (["t,accel_x,accel_y,accel_z,anglvel_x,anglvel_y,anglvel_z,pressure,temperature"] + lines)
            .joined(separator: "\n") + "\n"
    }

    @Test func aRecordingsPressureColumnFeedsTheAltitudeAsTheSimulatedBarometerDoes() throws {
        let directory = try TemporaryDirectory(prefix: "br-replay-barometer")
        let path = directory.file("climb.csv")
        try Self.climbRecording().write(toFile: path, atomically: true, encoding: .utf8)
        let capture = ServiceCapture(
            source: try ReplayMotionSource(path: path, pacing: .fast), makeSource: nil, correction: nil,
            baseInterval: 0.1)
        #expect(capture.hasBarometer && capture.readings.contains(.pressure))
        let feed = CaptureFeed(capture: capture)
        #expect(feed.availability.isAvailable(.altitude))
        let updates = Locked<[AltitudeUpdate]>([])
        let finished = Locked(false)
        _ = capture.altitude.subscribe(interval: 0) { update in updates.mutate { $0.append(update) } }
        capture.onEnd { _ in finished.mutate { $0 = true } }
        capture.start()
        defer { capture.stop() }
        #expect(waitUntil { finished.value }, "the recording ends the capture")
        let seen = updates.value
        #expect(seen.count == 500, "every pressure row: \(seen.count)")
        #expect(seen.first?.reading.relativeAltitude == 0 && seen.first?.t == 0.01)
        let end = try #require(seen.last)
        #expect(abs(end.reading.relativeAltitude - 3) < 0.03, "3 m at the recorded 35 °C: \(end.reading)")
        #expect(end.floorsAscended == 0, "no walking, no flights: \(end)")
    }

    @Test func aRecordingWithoutAPressureColumnHasNoBarometer() throws {
        let directory = try TemporaryDirectory(prefix: "br-replay-barometer")
        let path = directory.file("still.csv")
        try "t,accel_x,accel_y,accel_z,anglvel_x,anglvel_y,anglvel_z\n0,0,0,9.81,0,0,0\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let capture = ServiceCapture(
            source: try ReplayMotionSource(path: path, pacing: .fast), makeSource: nil, correction: nil,
            baseInterval: 0.1)
        defer { capture.stop() }
        #expect(!capture.hasBarometer && !capture.readings.contains(.pressure))
        #expect(CaptureFeed(capture: capture).availability.unavailable[.altitude] == "\(path) has no barometer")
    }

    @Test func aSourceWithoutABarometerSaysSoAndIsNotAskedForPressure() throws {
        let capture = ServiceCapture(
            source: SimulatedMotionSource(seed: 1, pacing: .fast), makeSource: nil, correction: nil, baseInterval: 0.1,
            hasBarometer: false)
        defer { capture.stop() }
        #expect(!capture.readings.contains(.pressure))
        let feed = CaptureFeed(capture: capture)
        #expect(feed.availability.unavailable[.altitude] == "sim (seed 1) has no barometer")
        let refused = feed.subscribe(
            .altitude, interval: 0, everySample: false, deliver: { _ in }, notice: { _ in }, end: { _ in })
        #expect(refused == nil)
        #expect(JSONValue.object(feed.statusMembers)["barometer"] == .bool(false))
    }
}
