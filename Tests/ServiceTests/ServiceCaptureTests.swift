import BodyReadings
import Foundation
import MotionMath
import ReadingFormats
import ReadingsStore
import Service
import TestSupport
import Testing
import TextFormats

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

    @Test func aPlanFasterThanTheShortestReadGetsEverySampleAFewPerBatch() throws {
        let capture = simCapture()
        /// Samples in the open batch (nil between batches), the sizes of the closed ones, samples outside any.
        struct Batches {
            var open: Int?
            var sizes: [Int] = []
            var outside = 0
        }
        let batches = Locked(Batches())
        capture.observeBatches(
            begin: { batches.mutate { $0.open = 0 } },
            end: {
                batches.mutate {
                    if let size = $0.open, size > 0 { $0.sizes.append(size) }
                    $0.open = nil
                }
            })
        let times = Locked<[Double]>([])
        let token = capture.raw.subscribe(interval: 0) { sample in
            times.mutate { $0.append(sample.t) }
            batches.mutate {
                if let size = $0.open { $0.open = size + 1 } else { $0.outside += 1 }
            }
        }
        let demand = capture.demand(interval: 1.0 / 1600)
        capture.start()
        defer { capture.stop() }
        #expect(capture.captureInterval == 1.0 / 1600, "the plan asks for every sample at 1.6 kHz")
        #expect(waitUntil(timeout: 20) { times.value.count >= 3200 })
        capture.raw.unsubscribe(token)
        capture.release(demand)
        let last = Array(times.value.suffix(800))
        let spacing = (last.last! - last.first!) / Double(last.count - 1)
        #expect(abs(spacing - 1.0 / 1600) < 0.00002, "every sample at 1.6 kHz, not \(1 / spacing) Hz")
        let seen = batches.value
        #expect(seen.outside == 0, "every sample is published inside a batch")
        let recent = seen.sizes.suffix(200).sorted()
        #expect(recent.count == 200 && recent.last! <= 4, "a read every 2 ms takes 3 or 4 samples: \(recent)")
        #expect(recent[recent.count / 2] == 3, "3.2 samples per read: \(recent)")
    }

    @Test func stepLinesCarryTheDaysCount() throws {
        let capture = ServiceCapture(
            source: SimulatedMotionSource(seed: 3, pacing: .fast), makeSource: nil, correction: nil, baseInterval: 0.01)
        let withStore = CaptureFeed(capture: capture, stepsToday: { 4000 + $0.count })
        let withoutStore = CaptureFeed(capture: capture)
        let stored = Locked<[JSONValue]>([])
        let live = Locked<[JSONValue]>([])
        for (feed, lines) in [(withStore, stored), (withoutStore, live)] {
            _ = feed.subscribe(
                .steps, interval: 0, everySample: false,
                deliver: { line in
                    if let value = try? JSONValue.parse(Array(line.dropLast())) { lines.mutate { $0.append(value) } }
                }, notice: { _ in }, end: { _ in })
        }
        capture.start()
        defer { capture.stop() }
        #expect(waitUntil(timeout: 30) { live.value.count >= 5 && stored.value.count >= 5 }, "the demo walks")
        for line in stored.value {
            let steps = try #require(line["steps"]?.numberValue)
            #expect(line["today"] == .number(4000 + steps), "the store's count plus the steps since: \(line)")
        }
        for line in live.value {
            #expect(line["today"] != nil && line["today"] == line["steps"], "no store: the steps since the start")
        }
    }

    /// A client subscribed before the store's recording hears of each step first; its line still counts that step.
    @Test func aStepLineCountsItsStepWhoeverHearsOfItFirst() throws {
        let directory = try TemporaryDirectory(prefix: "steps-today")
        let capture = ServiceCapture(
            source: SimulatedMotionSource(seed: 3, pacing: .fast), makeSource: nil, correction: nil, baseInterval: 0.01)
        let recording = Locked<StoreRecording?>(nil)
        let feed = CaptureFeed(
            capture: capture, stepsToday: { step in recording.value?.stepsToday(through: step) ?? -1 })
        let lines = Locked<[JSONValue]>([])
        _ = feed.subscribe(
            .steps, interval: 0, everySample: false,
            deliver: { line in
                if let value = try? JSONValue.parse(Array(line.dropLast())) { lines.mutate { $0.append(value) } }
            }, notice: { _ in }, end: { _ in })
        let store = try ReadingsDatabase(path: directory.path + "/readings.sqlite", access: .readWrite)
        let started = try StoreRecording(capture: capture, store: store)
        recording.mutate { $0 = started }
        capture.start()
        let walked = waitUntil(timeout: 30) { lines.value.count >= 5 }
        capture.stop()
        try started.stop()
        #expect(walked, "the demo walks")
        for line in lines.value {
            #expect(line["today"] != nil && line["today"] == line["steps"], "a new store: the steps since: \(line)")
        }
        #expect(started.stepsToday == lines.value.count, "the recording heard of every step too")
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
