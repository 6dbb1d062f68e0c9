import Dispatch
import Foundation
import MotionMath
import Sensors
import TestSupport
import Testing
@testable import BodyReadings

/// `MotionManager`'s relative altitude (CoreMotion's `CMAltimeter`) and `Pedometer`'s floors on the simulated
/// building: the demo climbs a floor of 3 m by the stairs while it walks and rides the lift back down while it
/// stands, every 80 s. Updates count from their own first one; a source without a barometer says so.
@Suite("MotionManager altitude")
struct MotionManagerAltitudeTests {
    private func simulated(seed: UInt64 = 5) -> MotionManager {
        MotionManager(source: .simulated(seed: seed, pacing: .fast), calibration: .disabled, calibrationLog: nil)
    }

    @Test func handlerUpdatesFollowTheStairsUpAndTheLiftDownFromZero() throws {
        let manager = simulated()
        #expect(manager.isRelativeAltitudeAvailable && !manager.isRelativeAltitudeActive)
        let collector = UntilCollector<AltitudeData>()
        try manager.startRelativeAltitudeUpdates { data, _ in
            if let data { collector.add(data, time: data.timestamp, until: 80) }
        }
        #expect(manager.isRelativeAltitudeActive)
        #expect(collector.wait())
        manager.stopRelativeAltitudeUpdates()
        #expect(!manager.isRelativeAltitudeActive)
        let seen = collector.collected.filter { $0.timestamp < 80 }
        #expect(seen.first?.relativeAltitude == 0, "counted from the first update")
        let times = seen.map(\.timestamp)
        #expect(zip(times, times.dropFirst()).allSatisfy { abs($1 - $0 - 0.04) < 1e-6 }, "every sample at 25 Hz")
        let top = try #require(seen.map(\.relativeAltitude).max())
        #expect(abs(top - 3) < 0.6, "a floor up the stairs: \(top) m")
        #expect(abs(try #require(seen.last).relativeAltitude) < 0.6, "back down by the lift")
        #expect(seen.allSatisfy { $0.pressure > 100 && $0.pressure < 103 }, "kPa")
    }

    @Test func aSequenceStartedLaterCountsFromItsOwnFirstUpdate() async throws {
        let manager = simulated()
        let collector = UntilCollector<AltitudeData>()
        // The handler's run starts with the capture; the sequence joins it later.
        try manager.startRelativeAltitudeUpdates { data, _ in
            if let data { collector.add(data, time: data.timestamp, until: 20) }
        }
        #expect(collector.wait())
        var joined: [AltitudeData] = []
        for await data in manager.relativeAltitudeUpdates() {
            joined.append(data)
            if joined.count == 200 { break }
        }
        manager.stopRelativeAltitudeUpdates()
        let first = try #require(joined.first)
        #expect(first.relativeAltitude == 0 && first.timestamp >= 20, "\(first)")
        #expect(collector.collected.first?.timestamp == 0, "the handler's run began with the capture")
        // The same samples, each run counting from its own first.
        let handlerRun = Dictionary(collector.collected.map { ($0.timestamp, $0) }, uniquingKeysWith: { a, _ in a })
        let base = try #require(handlerRun[first.timestamp]).relativeAltitude
        let shared = joined.compactMap { data in handlerRun[data.timestamp].map { (data, $0) } }
        #expect(shared.count > 100)
        #expect(shared.allSatisfy { abs($0.0.relativeAltitude - ($0.1.relativeAltitude - base)) < 1e-9 })
        #expect(shared.allSatisfy { $0.0.pressure == $0.1.pressure })
    }

    @Test func thePedometerCountsTheFloorsClimbedWhileWalkingAndNoneByLift() throws {
        let manager = simulated()
        let pedometer = Pedometer(manager: manager)
        #expect(pedometer.isFloorCountingAvailable)
        let collector = UntilCollector<PedometerData>()
        try pedometer.startUpdates { data, _ in
            if let data { collector.add(data, time: data.endDate, until: 160) }
        }
        #expect(collector.wait(seconds: 120))
        pedometer.stopUpdates()
        let data = try #require(collector.collected.last)
        #expect(data.floorsAscended == 2 && data.floorsDescended == 0, "two laps of stairs up, lifts down: \(data)")
    }

    @Test func aSourceWithoutABarometerSaysSo() async throws {
        let samples = (0..<100).map {
            IMUSample(t: Double($0) * 0.01, accelerometer: Vector3(0, 0, 9.81), gyroscope: .zero)
        }
        let manager = MotionManager(calibration: .disabled, calibrationLog: nil) { () throws(CaptureError) in
            ReplayMotionSource(samples: samples, pacing: .fast)
        }
        #expect(!manager.isRelativeAltitudeAvailable && manager.isDeviceMotionAvailable)
        #expect(!Pedometer(manager: manager).isFloorCountingAvailable)
        #expect(throws: CaptureError.self) { try manager.startRelativeAltitudeUpdates { _, _ in } }
        do {
            try manager.startRelativeAltitudeUpdates { _, _ in }
        } catch {
            #expect(error.kind == .notFound && error.message == "samples has no barometer (an IIO device with a "
                + "pressure channel: bmp280, bme280, dps310, lps22hb, …)", "\(error)")
        }
        var count = 0
        for await _ in manager.relativeAltitudeUpdates() { count += 1 }
        #expect(count == 0 && !manager.isRelativeAltitudeActive)
    }

    /// The example of docs/library.md, run as written there (the block must appear in this file verbatim).
    @Test func theLibraryDocumentsExampleRuns() async throws {
        // docs/library.md: altimeter
        let manager = MotionManager(source: .simulated(seed: 1, pacing: .fast))
        var heights: [Double] = []
        if manager.isRelativeAltitudeAvailable {
            for await data in manager.relativeAltitudeUpdates(bufferingPolicy: .unbounded) {  // every one, even fast
                heights.append(data.relativeAltitude)  // CMAltitudeData: timestamp, relativeAltitude (m), pressure (kPa)
                if data.timestamp >= 80 { break }      // ending the loop stops the updates
            }
        }
        let pedometer = Pedometer(manager: manager)
        for await data in pedometer.updates() where data.floorsAscended ?? 0 > 0 {
            print(data.numberOfSteps, "steps,", data.floorsAscended ?? 0, "floors up,", data.floorsDescended ?? 0, "down")
            break
        }
        // end of the example
        #expect(abs((heights.max() ?? 0) - 3) < 0.6, "\(heights.count) heights, max \(heights.max() ?? 0), \(String(describing: manager.lastError))")
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let example = try #require(source.split(separator: "// docs/library.md: altimeter\n").last?
            .split(separator: "        // end of the example").first)
        let documented = try String(contentsOfFile: PackagePaths.file("docs/library.md"), encoding: .utf8)
        let indented = example.split(separator: "\n").map { $0.dropFirst(8) }.joined(separator: "\n")
        #expect(documented.contains(indented), "docs/library.md shows the example as run here:\n\(indented)")
    }
}
