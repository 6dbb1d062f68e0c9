import Dispatch
import Foundation
import MotionMath
import Sensors
import TestSupport
import Testing
@testable import BodyReadings

/// Forwards to a real source and counts life-cycle calls, so tests can see that stopping released it. A `held`
/// source's reads wait until `release()`: consumers that join the capture before then all see its first sample,
/// however a loaded machine schedules the capture thread (a fast simulated source reads seconds of samples in
/// milliseconds).
final class SpySource: MotionSource, @unchecked Sendable {
    let inner: any MotionSource
    private let lock = NSLock()
    private var starts = 0
    private var stops = 0
    private let held: Bool
    private let gate = DispatchSemaphore(value: 0)

    init(_ inner: any MotionSource, held: Bool = false) {
        self.inner = inner
        self.held = held
    }

    var info: MotionSourceInfo { inner.info }
    func start(_ configuration: CaptureConfiguration) throws(CaptureError) {
        lock.withLock { starts += 1 }
        try inner.start(configuration)
    }
    func read() throws(CaptureError) -> [SensorReading]? {
        if held {
            gate.wait()
            gate.signal()
        }
        return try inner.read()
    }
    /// Lets a `held` source's reads go on.
    func release() { gate.signal() }
    func cancel() { inner.cancel() }
    func stop() {
        lock.withLock { stops += 1 }
        inner.stop()
    }
    var statistics: CaptureStatistics { inner.statistics }
    var counts: (starts: Int, stops: Int) { lock.withLock { (starts, stops) } }
}

/// Collects values from handlers on any thread.
final class Collector<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value] = []
    private var errors: [CaptureError] = []
    private let enough: Int
    private let semaphore = DispatchSemaphore(value: 0)

    init(enough: Int) { self.enough = enough }

    func handle(_ value: Value?, _ error: CaptureError?) {
        lock.lock()
        if let value { values.append(value) }
        if let error { errors.append(error) }
        let done = values.count == enough || error != nil
        lock.unlock()
        if done { semaphore.signal() }
    }

    /// Waits up to `seconds` for `enough` values (or an error); false on timeout.
    func wait(seconds: Double = 10) -> Bool { semaphore.wait(timeout: .now() + seconds) == .success }
    var collected: [Value] { lock.withLock { values } }
    var failures: [CaptureError] { lock.withLock { errors } }
}

@Suite("MotionManager")
struct MotionManagerTests {
    func simulated(_ spy: inout SpySource?) -> MotionManager {
        let source = SpySource(SimulatedMotionSource(seed: 4, pacing: .fast))
        spy = source
        return MotionManager { () throws(CaptureError) in source }
    }

    @Test func availabilityComesFromTheSource() {
        let manager = MotionManager(source: .simulated(seed: 1, pacing: .fast))
        #expect(manager.isAccelerometerAvailable)
        #expect(manager.isGyroAvailable)
        #expect(manager.isMagnetometerAvailable)
        #expect(manager.isDeviceMotionAvailable)
        #expect(!manager.isDeviceMotionActive)
    }

    @Test func missingSensorIsUnavailableAndStartThrows() {
        let manager = MotionManager { () throws(CaptureError) -> any MotionSource in
            throw CaptureError(.notFound, "no IMU")
        }
        #expect(!manager.isDeviceMotionAvailable)
        #expect(manager.lastError?.kind == .notFound)
        #expect(throws: CaptureError.self) { try manager.startDeviceMotionUpdates() }
        #expect(!manager.isDeviceMotionActive)
    }

    /// Updates arrive at the update interval (sample time), and stopping stops and restores the source before it
    /// returns.
    @Test func handlerGetsUpdatesAtTheIntervalAndStopReleasesTheSource() throws {
        var spy: SpySource?
        let manager = simulated(&spy)
        manager.deviceMotionUpdateInterval = 0.05
        let collector = Collector<DeviceMotion>(enough: 20)
        try manager.startDeviceMotionUpdates(to: DispatchQueue(label: "test")) { collector.handle($0, $1) }
        #expect(manager.isDeviceMotionActive)
        #expect(collector.wait())
        manager.stopDeviceMotionUpdates()
        #expect(!manager.isDeviceMotionActive)
        #expect(spy?.counts.starts == 1)
        #expect(spy?.counts.stops == 1)
        let times = collector.collected.prefix(20).map(\.timestamp)
        for (a, b) in zip(times, times.dropFirst()) {
            #expect(abs(b - a - 0.05) < 0.011, "updates \(a) → \(b)")  // tolerance: one 100 Hz sample + rounding
        }
        // At rest at the start of the demo trajectory: gravity (0, 0, 9.81) within 2°, heading present (9D).
        let last = try #require(collector.collected.prefix(20).last)
        let angle = acos(last.gravity.z / last.gravity.norm) * 180 / .pi
        #expect(angle < 2)
        #expect(last.heading != nil && last.magneticField != nil)
    }

    @Test func asyncStreamDeliversAndEndingItStopsTheCapture() async throws {
        var spy: SpySource?
        let manager = simulated(&spy)
        manager.deviceMotionUpdateInterval = 0.1
        var received: [DeviceMotion] = []
        for await motion in manager.deviceMotionUpdates() {
            received.append(motion)
            if received.count == 10 { break }
        }
        #expect(received.count == 10)
        #expect(zip(received, received.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })
        // Leaving the loop terminates the sequence, which stops the capture once nothing else uses it.
        let deadline = Date().addingTimeInterval(30)
        while manager.isDeviceMotionActive || spy?.counts.stops != 1, Date() < deadline {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #expect(!manager.isDeviceMotionActive)
        #expect(spy?.counts.stops == 1)
    }

    @Test func pullModeKeepsTheLatestUpdate() throws {
        let manager = MotionManager(source: .simulated(seed: 2, pacing: .realTime))
        #expect(manager.deviceMotion == nil)
        try manager.startDeviceMotionUpdates()
        // Real time: a newer update comes every 0.1 s, waited for as long as a loaded machine needs.
        #expect(waitUntil { manager.deviceMotion != nil })
        let first = try #require(manager.deviceMotion)
        #expect(waitUntil { (manager.deviceMotion?.timestamp ?? 0) > first.timestamp })
        manager.stopDeviceMotionUpdates()
        #expect(!manager.isDeviceMotionActive)
    }

    @Test func rawAccelerometerAndGyroUpdates() throws {
        let manager = MotionManager(source: .simulated(seed: 3, pacing: .fast))
        manager.accelerometerUpdateInterval = 0.02
        let accelerometer = Collector<AccelerometerData>(enough: 10)
        let gyro = Collector<GyroData>(enough: 10)
        try manager.startAccelerometerUpdates { accelerometer.handle($0, $1) }
        try manager.startGyroUpdates { gyro.handle($0, $1) }
        #expect(accelerometer.wait())
        #expect(gyro.wait())
        manager.stopAccelerometerUpdates()
        #expect(manager.isGyroActive)
        manager.stopGyroUpdates()
        let readings = accelerometer.collected.prefix(10)
        #expect(readings.allSatisfy { abs($0.acceleration.norm - 9.81) < 0.2 })
        #expect(zip(readings, readings.dropFirst()).allSatisfy { $1.timestamp - $0.timestamp >= 0.02 - 1e-6 })
        #expect(manager.accelerometerData != nil)
    }

    /// A source that ends by itself (a recording) finishes the async sequence and leaves nothing active.
    @Test func endOfRecordingFinishesTheSequence() async throws {
        let samples = (0..<200).map {
            IMUSample(t: Double($0) * 0.01, accelerometer: Vector3(0, 0, 9.81), gyroscope: .zero)
        }
        let manager = MotionManager { () throws(CaptureError) in ReplayMotionSource(samples: samples, pacing: .fast) }
        var count = 0
        for await _ in manager.deviceMotionUpdates() { count += 1 }
        #expect(count == 20)  // 2 s of samples at 0.1 s
        #expect(!manager.isDeviceMotionActive)
        #expect(manager.lastError == nil)
    }
}
