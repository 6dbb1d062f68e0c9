import BodyReadings
import Dispatch
import Foundation
import MotionSimulation
import Sensors
import Testing
#if canImport(Glibc)
import Glibc
#endif
import IIODTestServer

/// Device motion through the real libiio network client (`ip:`) against the test iiod, which serves samples of a
/// known motion (flat on a table, yawing back and forth: ω_z = sin(2π·0.25·t) rad/s) at a real-time pace.
@Suite("End to end through libiio's ip: backend", .serialized)
struct StreamingEndToEndTests {
    /// Collects device-motion updates until `count` arrived or an error ended them.
    final class Updates: @unchecked Sendable {
        private let lock = NSLock()
        private var motions: [DeviceMotion] = []
        private var failure: CaptureError?
        private let done = DispatchSemaphore(value: 0)
        private let count: Int
        init(count: Int) { self.count = count }
        func handle(_ motion: DeviceMotion?, _ error: CaptureError?) {
            lock.lock()
            if let motion { motions.append(motion) }
            if let error { failure = error }
            let finished = motions.count == count || error != nil
            lock.unlock()
            if finished { done.signal() }
        }
        func wait(seconds: Double) -> Bool { done.wait(timeout: .now() + seconds) == .success }
        var received: [DeviceMotion] { lock.withLock { motions } }
        var error: CaptureError? { lock.withLock { failure } }
    }

    /// Combined (inv_mpu6050, bmi160 polled), split with own triggers (HID hub, with magnetometer) and split FIFO
    /// devices (st_lsm6dsx, inv_icm42600): the fused gravity is within 2° of the truth (0, 0, g), the rotation
    /// rate follows ω_z within 0.15 rad/s, and every attribute and trigger is back to its value after the stop.
    @Test(arguments: ["hid-sensor-hub", "inv-mpu6050", "st-lsm6dsx", "inv-icm42600", "bmi160"])
    func fusedMotionMatchesTheTruthAndTheDeviceIsRestored(fixtureName: String) throws {
        let fixture = try #require(IIOFixture.all.first { $0.name == fixtureName })
        let server = try IIODTestServer(fixture: fixture, trajectory: ScriptedTrajectory.yawing())
        defer { server.stop() }
        let before = server.settingsSnapshot()
        let manager = MotionManager(source: .iio(uri: server.uri))
        #expect(manager.isDeviceMotionAvailable, "\(manager.lastError?.message ?? "")")
        manager.deviceMotionUpdateInterval = 0.05
        let updates = Updates(count: 40)
        try manager.startDeviceMotionUpdates { updates.handle($0, $1) }
        let arrived = updates.wait(seconds: 20)
        manager.stopDeviceMotionUpdates()
        #expect(arrived, "updates: \(updates.received.count), error: \(updates.error?.message ?? "none")")
        #expect(updates.error == nil)

        let motions = updates.received
        #expect(motions.count >= 40)
        for motion in motions.dropFirst(10) {
            let g = motion.gravity
            let angle = acos(min(1, g.z / g.norm)) * 180 / .pi
            #expect(angle < 2, "gravity \(g) at t = \(motion.timestamp)")
            #expect(abs(g.norm - 9.80665) < 0.2)
        }
        // Rotation rate against the truth, in trajectory time where every device has kernel timestamps (the HID hub's
        // magnetometer has none and bmi160 is polled: there the host clock is used and only the range is checked).
        if fixtureName == "hid-sensor-hub" || fixtureName == "bmi160" {
            let rates = motions.dropFirst(10).map(\.rotationRate.z)
            #expect(rates.allSatisfy { abs($0) < 1.15 })
            #expect((rates.max() ?? 0) - (rates.min() ?? 0) > 0.2)
        } else {
            for motion in motions.dropFirst(10) {
                let t = server.trajectoryTime(ofTimestamp: Int64((motion.timestamp * 1e9).rounded()))
                let truth = server.motion.truth(at: t).angularVelocity
                #expect(abs(motion.rotationRate.z - truth.z) < 0.15, "ω_z \(motion.rotationRate.z) vs \(truth.z) at \(t)")
            }
        }
        // The capture did change the device (not a vacuous restore check) where the fixture's rate is not already
        // the smallest one ≥ 50 Hz: bmi160 (100 → 50 Hz) and st_lsm6dsx (→ 52 Hz).
        if fixtureName == "bmi160" || fixtureName == "st-lsm6dsx" {
            #expect(server.writes.contains { $0.attribute.contains("sampling_frequency") }, "\(server.writes)")
        }
        // Stopping restored every value the capture changed (sampling frequency, trigger, buffer length…).
        #expect(server.settingsSnapshot() == before)
        // The server sees the buffers closed (it handles the CLOSE commands on its own threads).
        let deadline = Date().addingTimeInterval(3)
        while server.openBufferCount > 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(server.openBufferCount == 0)
    }

    @Test func accelerometerOnlyHasNoDeviceMotion() throws {
        let server = try IIODTestServer(fixture: .accelOnly)
        defer { server.stop() }
        let manager = MotionManager(source: .iio(uri: server.uri))
        #expect(manager.isAccelerometerAvailable)
        #expect(!manager.isGyroAvailable)
        #expect(!manager.isDeviceMotionAvailable)
        // Raw accelerometer updates still work without a gyroscope.
        let readings = Collector<AccelerometerData>(enough: 5)
        try manager.startAccelerometerUpdates { readings.handle($0, $1) }
        #expect(readings.wait(seconds: 20))
        manager.stopAccelerometerUpdates()
        #expect(readings.collected.prefix(5).allSatisfy { abs($0.acceleration.norm - 9.80665) < 0.2 })
    }

    /// Device motion on an accelerometer alone: gravity (roll and pitch) from it, what it cannot measure NaN, no
    /// heading; said once on the log; still "not available" as device motion, as CoreMotion says.
    @Test func accelerometerOnlyGivesGravity() throws {
        let server = try IIODTestServer(fixture: .accelOnly, trajectory: LeadInTrajectory(leadIn: 60))
        defer { server.stop() }
        let lines = Collector<String>(enough: 1)
        let manager = MotionManager(source: .iio(uri: server.uri), calibration: .disabled, calibrationLog: { lines.handle($0, nil) })
        #expect(!manager.isDeviceMotionAvailable)
        let motion = Collector<DeviceMotion>(enough: 5)
        try manager.startDeviceMotionUpdates { motion.handle($0, $1) }
        #expect(motion.wait(seconds: 30))
        manager.stopDeviceMotionUpdates()
        for update in motion.collected.prefix(5) {
            #expect(abs(update.gravity.norm - 9.80665) < 0.1 && update.gravity.z > 9.7)
            #expect(update.rotationRate.x.isNaN && update.userAcceleration.z.isNaN && update.heading == nil)
            #expect(abs(update.attitude.roll) < 0.01 && abs(update.attitude.pitch) < 0.01)
        }
        #expect(lines.collected.filter { $0.contains("has no gyroscope") }.count == 1, "\(lines.collected)")
        #expect(!manager.isDeviceMotionAvailable)
    }

    /// A context without an IMU is its own kind of failure (the CLI suggests the simulated source for it).
    @Test func noIMUIsItsOwnKind() throws {
        let server = try IIODTestServer(fixture: .empty)
        defer { server.stop() }
        let manager = MotionManager(source: .iio(uri: server.uri))
        #expect(!manager.isDeviceMotionAvailable)
        #expect(manager.lastError?.kind == .noMotionSensors)
        #expect(manager.lastError?.message.contains("no sensor found in \(server.uri)") == true)
    }

    /// The server going away mid-stream ends the updates with an error quickly instead of hanging.
    @Test func vanishingServerEndsTheStreamWithAnError() throws {
        let server = try IIODTestServer(fixture: .hidSensorHub)
        let manager = MotionManager(source: .iio(uri: server.uri))
        manager.deviceMotionUpdateInterval = 0.05
        let updates = Updates(count: 1_000_000)
        try manager.startDeviceMotionUpdates { updates.handle($0, $1) }
        Thread.sleep(forTimeInterval: 0.5)
        server.stop()
        let stoppedAt = Date()
        #expect(updates.wait(seconds: 10))
        // Bounded by libiio's network timeout; the issue asks for about a second.
        #expect(Date().timeIntervalSince(stoppedAt) < 3)
        #expect(updates.error?.kind == .vanished || updates.error?.kind == .notFound)
        manager.stopDeviceMotionUpdates()
    }

    /// A HID hub whose devices have no trigger set: the capture selects each device's own `<name>-dev<N>` trigger
    /// and puts "none" back afterwards.
    @Test func ownTriggerIsSelectedAndRestored() throws {
        var fixture = IIOFixture.hidSensorHub
        for index in fixture.devices.indices where !fixture.devices[index].isTrigger {
            fixture.devices[index].trigger = .settable(current: nil)
        }
        let server = try IIODTestServer(fixture: fixture)
        defer { server.stop() }
        #expect(server.currentTrigger(of: "iio:device0") == nil)
        let manager = MotionManager(source: .iio(uri: server.uri))
        let updates = Updates(count: 5)
        try manager.startDeviceMotionUpdates { updates.handle($0, $1) }
        #expect(updates.wait(seconds: 20), "\(updates.error?.message ?? "")")
        #expect(server.currentTrigger(of: "iio:device0") == "accel_3d-dev0")
        manager.stopDeviceMotionUpdates()
        #expect(server.currentTrigger(of: "iio:device0") == nil)
        #expect(server.currentTrigger(of: "iio:device1") == nil)
    }

    /// A device that looks buffered (a trigger is set) but whose driver rejects `buffer/enable` with EINVAL falls
    /// back to polling `in_*_raw`, and still fuses correct gravity.
    @Test func bufferEnableRejectedFallsBackToPolling() throws {
        var fixture = IIOFixture.bmi160
        fixture.devices[0].trigger = .settable(current: "bmi160-dev0")
        fixture.devices.append(FixtureDevice(id: "trigger0", name: "bmi160-dev0"))
        let server = try IIODTestServer(fixture: fixture)
        defer { server.stop() }
        let manager = MotionManager(source: .iio(uri: server.uri))
        manager.deviceMotionUpdateInterval = 0.05
        let updates = Updates(count: 20)
        try manager.startDeviceMotionUpdates { updates.handle($0, $1) }
        #expect(updates.wait(seconds: 20), "\(updates.error?.message ?? "")")
        manager.stopDeviceMotionUpdates()
        let last = try #require(updates.received.last)
        #expect(acos(min(1, last.gravity.z / last.gravity.norm)) * 180 / .pi < 2)
        // The buffer was tried (and refused) before polling took over.
        #expect(server.commands.contains { $0.hasPrefix("OPEN") }, "\(server.commands.prefix(40))")
        #expect(server.openBufferCount == 0)
    }

    /// Refusals when the buffer is opened are told apart by kind (EBUSY: another holder; EACCES: permission) and
    /// name what was refused; the CLI adds the fix (iio-sensor-proxy, the udev rule and the iio group).
    @Test(arguments: [
        (EBUSY, CaptureError.Kind.busy, "lsm6dsm_gyro (iio:device1) is busy"),
        (EACCES, CaptureError.Kind.permissionDenied, "cannot write buffer/enable of lsm6dsm_gyro (iio:device1)"),
    ] as [(Int32, CaptureError.Kind, String)])
    func bufferRefusalsSayWhatWasRefused(code: Int32, kind: CaptureError.Kind, fragment: String) throws {
        // st_lsm6dsx: the capture first sets 52 Hz, then the gyroscope's buffer is refused; everything it changed on
        // both devices must be back afterwards.
        var fixture = IIOFixture.stLsm6dsx
        fixture.devices[1].bufferEnableError = code
        let server = try IIODTestServer(fixture: fixture)
        defer { server.stop() }
        let before = server.settingsSnapshot()
        let manager = MotionManager(source: .iio(uri: server.uri))
        let updates = Updates(count: 1)
        try manager.startDeviceMotionUpdates { updates.handle($0, $1) }
        #expect(updates.wait(seconds: 20))
        let error = try #require(updates.error)
        #expect(error.kind == kind)
        #expect(error.message.contains(fragment), "\(error.message)")
        #expect(!manager.isDeviceMotionActive)
        #expect(server.writes.contains { $0.attribute.contains("sampling_frequency") })
        #expect(server.settingsSnapshot() == before)
    }
}
