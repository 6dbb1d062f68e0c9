import Dispatch
import Foundation
import IIODTestServer
import MotionSimulation
import Pedometry
import PulseSimulation
import Sensors
import Testing
@testable import BodyReadings

/// `Pedometer` and `HeartRateMonitor` on a `MotionManager`'s capture: the simulated IMU's demo walk (true step times
/// known), its simulated pulse (true beats known), the hardware counter of the test iiod's BMA400, and one capture
/// serving device motion and steps together.
@Suite("Pedometer and HeartRateMonitor")
struct PedometerTests {
    /// A manager on the simulated IMU (seed 4, as fast as read) whose source the test can watch (and hold).
    static func simulated(_ spy: inout SpySource?, held: Bool = false) -> MotionManager {
        let source = SpySource(SimulatedMotionSource(seed: 4, pacing: .fast), held: held)
        spy = source
        return MotionManager(calibration: .disabled, calibrationLog: nil) { () throws(CaptureError) in source }
    }

    @Test("the demo walk: within 5 % of the true steps, cumulative data, distance from the step length")
    func simulatedWalk() throws {
        var spy: SpySource?
        let manager = Self.simulated(&spy)
        var settings = StepDetector.Settings()
        settings.stepLength = 0.8
        let pedometer = Pedometer(manager: manager, settings: settings)
        #expect(pedometer.isStepCountingAvailable && pedometer.isCadenceAvailable && pedometer.isDistanceAvailable)
        let collector = UntilCollector<PedometerData>()
        try pedometer.startUpdates { data, _ in
            if let data { collector.add(data, time: data.endDate, until: 100) }
        }
        #expect(collector.wait())
        pedometer.stopUpdates()
        #expect(spy?.counts.stops == 1, "the capture stopped with the last update")
        let data = try #require(collector.collected.last)
        let truth = ScriptedTrajectory.demo.steps(from: 0, to: data.endDate + 0.01)
        #expect(abs(Double(data.numberOfSteps - truth.count)) <= 0.05 * Double(truth.count), "\(data) vs \(truth.count)")
        #expect(collector.collected.map(\.numberOfSteps) == Array(1...collector.collected.count))
        #expect(abs(data.distance - 0.8 * Double(data.numberOfSteps)) < 1e-9)
        #expect(data.currentCadence > 1 && data.currentCadence < 4, "steps/s: \(data.currentCadence)")
        let pace = try #require(data.averageActivePace)
        #expect(pace > 0.2 && pace < 2, "s/m: \(pace)")
        #expect(try #require(truth.first) - data.startDate < 0.5)
    }

    @Test("one capture serves device motion and steps; its device motion equals a manager's without steps")
    func oneCaptureForMotionAndSteps() async throws {
        func motion(withSteps: Bool) async throws -> ([DeviceMotion], Int, Int) {
            // Held until both consumers joined: device motion then starts at the first sample in both runs, however
            // long a loaded machine takes between the two starts.
            var spy: SpySource?
            let manager = Self.simulated(&spy, held: true)
            manager.deviceMotionUpdateInterval = 0.1
            let pedometer = Pedometer(manager: manager)
            let steps = UntilCollector<PedometerData>()
            if withSteps {
                try pedometer.startUpdates { data, _ in
                    if let data { steps.add(data, time: data.endDate, until: .infinity) }
                }
            }
            let updates = manager.deviceMotionUpdates(bufferingPolicy: .unbounded)
            spy?.release()
            var received: [DeviceMotion] = []
            for await update in updates {
                received.append(update)
                if update.timestamp >= 40 { break }
            }
            pedometer.stopUpdates()
            return (received, steps.collected.count, spy?.counts.starts ?? 0)
        }
        let (plain, _, _) = try await motion(withSteps: false)
        let (shared, stepCount, starts) = try await motion(withSteps: true)
        #expect(starts == 1, "one capture for both")
        #expect(stepCount > 20, "steps were counted during the walk of the first 40 s: \(stepCount)")
        let common = min(plain.count, shared.count)
        #expect(common > 300)
        #expect(Array(plain.prefix(common)) == Array(shared.prefix(common)))
    }

    @Test("a hardware step counter over ip: the chip's 44 steps, in_steps_en restored after the updates")
    func hardwareCounter() throws {
        // 5 s (100 s of trajectory) for the capture to connect and enable the counter before the walk's first step:
        // the server's clock runs from its creation, and a start on a loaded machine has taken seconds.
        let server = try IIODTestServer(
            fixture: .bma400, trajectory: LeadInTrajectory(leadIn: 100), rateScale: 20)
        defer { server.stop() }
        let manager = MotionManager(source: .iio(uri: server.uri), calibration: .disabled, calibrationLog: nil)
        let pedometer = Pedometer(manager: manager, counter: .hardware)
        #expect(pedometer.isStepCountingAvailable)
        let collector = UntilCollector<PedometerData>()
        try pedometer.startUpdates { data, _ in
            if let data { collector.add(data, time: Double(data.numberOfSteps), until: 44) }
        }
        #expect(collector.wait())
        pedometer.stopUpdates()
        // The walk's 44 steps, read while the demo rests (its 29–62.5 s, 1.7 s at rateScale 20) between the walk and
        // the run: the first count to reach 44 is exactly 44. Later updates (a stop that comes late on a loaded
        // machine sees the run's steps) only ever count on.
        let counts = collector.collected.map(\.numberOfSteps)
        #expect(counts.first { $0 >= 44 } == 44, "\(counts)")
        #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 <= $1 }, "\(counts)")
        #expect(server.value(device: "bma400", channel: "steps", attribute: "en") == "0")
        let plain = Pedometer(manager: MotionManager(source: .simulated(seed: 1, pacing: .fast)), counter: .hardware)
        #expect(!plain.isStepCountingAvailable)
        #expect(throws: CaptureError.self) { try plain.startUpdates { _, _ in } }
    }

    @Test("heart rate from the simulated pulse: beats near the true ones, samples at the interval, no made-up rate")
    func simulatedHeartRate() throws {
        var spy: SpySource?
        let manager = Self.simulated(&spy)
        let monitor = HeartRateMonitor(manager: manager)
        #expect(monitor.isHeartRateAvailable)
        monitor.heartRateUpdateInterval = 0.5
        let samples = UntilCollector<HeartRateSample>()
        try monitor.startHeartRateUpdates { sample, _ in
            if let sample { samples.add(sample, time: sample.t, until: 60) }
        }
        #expect(samples.wait())
        monitor.stopUpdates()
        let collected = samples.collected
        for (a, b) in zip(collected, collected.dropFirst()) {
            #expect(abs(b.t - a.t - 0.5) < 0.011)
        }
        let rated = collected.compactMap(\.heartRate)
        #expect(rated.count > collected.count / 2, "most samples carry a rate")
        let mean = rated.reduce(0, +) / Double(max(1, rated.count))
        #expect(abs(mean - 72) < 4, "mean \(mean) bpm of the simulated 72")
        #expect(collected.allSatisfy { $0.heartRate == nil || $0.quality == .good })
    }

    @Test("beats() ends when the capture ends and a monitor on a source without a pulse sensor cannot start")
    func beatsAndUnavailable() async throws {
        let server = try IIODTestServer(fixture: .bmi160)
        defer { server.stop() }
        let monitor = HeartRateMonitor(source: .iio(uri: server.uri))
        #expect(!monitor.isHeartRateAvailable)
        #expect(throws: CaptureError.self) { try monitor.startHeartRateUpdates() }
        var count = 0
        for await _ in monitor.beats() { count += 1 }
        #expect(count == 0, "the sequence ended at once")
    }
}
