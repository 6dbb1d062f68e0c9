import BodyReadings
import Foundation
import MotionMath
import ReadingFormats
import Service
import TestSupport
import Testing

/// The service's capture and the client source over the socket: the sensors speed up for a faster client with time
/// going on through the restart, a recording's end reaches every subscriber, and `MotionManager` fuses what it reads
/// through a running service.
@Suite("service capture")
struct ServiceCaptureTests {
    private func simCapture(base: Double = 0.1) -> ServiceCapture {
        let specification = MotionSourceSpecification.simulated(seed: 3, pacing: .realTime)
        return ServiceCapture(
            source: SimulatedMotionSource(seed: 3), makeSource: { () throws(CaptureError) in try specification.makeSource() },
            correction: nil, baseInterval: base)
    }

    @Test func aFasterClientRestartsTheSensorsAndTimeGoesOn() throws {
        let capture = simCapture()
        let times = Locked<[Double]>([])
        let token = capture.raw.subscribe(interval: 0, deliver: { sample in times.mutate { $0.append(sample.t) } })
        capture.start()
        defer { capture.stop() }
        #expect(waitUntil { times.value.count >= 25 }, "50 Hz at the base interval")
        let demand = capture.demand(interval: 0.005)
        #expect(capture.captureInterval == 0.005)
        let before = times.value.count
        #expect(waitUntil { times.value.count >= before + 200 })
        capture.raw.unsubscribe(token)
        capture.release(demand)
        let seen = times.value
        let increasing = zip(seen, seen.dropFirst()).allSatisfy { $0 < $1 }
        #expect(increasing, "time goes forward through the restart")
        let last = Array(seen.suffix(50))
        let spacing = (last.last! - last.first!) / Double(last.count - 1)
        #expect(abs(spacing - 0.005) < 0.0005, "200 Hz after the restart, not \(1 / spacing) Hz")
    }

    @Test func theEndOfARecordingReachesEverySubscriber() throws {
        let samples = (0..<100).map {
            IMUSample(t: Double($0) * 0.01, accelerometer: Vector3(0, 0, 9.81), gyroscope: .zero)
        }
        let capture = ServiceCapture(
            source: ReplayMotionSource(samples: samples, pacing: .fast), makeSource: nil, correction: nil,
            baseInterval: 0.01)
        let ended = Locked(0)
        let updates = Locked(0)
        _ = capture.motion.subscribe(
            interval: 0, deliver: { _ in updates.mutate { $0 += 1 } }, end: { error in
                if error == nil { ended.mutate { $0 += 1 } }
            })
        _ = capture.raw.subscribe(interval: 0, deliver: { _ in }, end: { _ in ended.mutate { $0 += 1 } })
        let finished = Locked(false)
        capture.onEnd { _ in finished.mutate { $0 = true } }
        capture.start()
        #expect(waitUntil { finished.value })
        #expect(ended.value == 2 && updates.value == 100)
        capture.stop()
    }

    @Test func motionManagerReadsThroughARunningService() throws {
        let directory = try TemporaryDirectory(prefix: "br-mm")
        let capture = simCapture()
        let feed = CaptureFeed(capture: capture, unavailable: [:])
        let server = try ServiceServer(ServiceServer.Settings(path: directory.file("serve.sock")), feed: feed)
        capture.start()
        defer {
            server.stop()
            capture.stop()
        }
        let manager = MotionManager(source: .service(path: server.settings.path), calibration: .disabled)
        #expect(manager.isDeviceMotionAvailable && manager.isMagnetometerAvailable)
        manager.deviceMotionUpdateInterval = 0.05
        let motions = Locked<[DeviceMotion]>([])
        try manager.startDeviceMotionUpdates { motion, _ in
            if let motion { motions.mutate { $0.append(motion) } }
        }
        #expect(waitUntil { motions.value.count >= 10 })
        manager.stopDeviceMotionUpdates()
        let received = motions.value
        #expect(received.allSatisfy { abs($0.gravity.norm - 9.81) < 0.3 }, "fused from the service's samples")
        let spacing = zip(received, received.dropFirst()).map { $1.timestamp - $0.timestamp }
        #expect(spacing.allSatisfy { abs($0 - 0.05) < 0.011 }, "\(spacing)")
        #expect(waitUntil { server.clientCount == 0 }, "stopping the updates closes the connection")
    }
}

/// A value shared between a test and the threads that deliver to it.
final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `stored` is guarded by `lock`.
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value { lock.withLock { stored } }

    func mutate(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}
