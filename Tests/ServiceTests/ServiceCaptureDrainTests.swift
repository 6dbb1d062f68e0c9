import BodyReadings
import Foundation
import MotionMath
import Service
import TestSupport
import Testing

/// A restart of the sensors for a faster client keeps what the running source had already captured: its devices
/// stop and the next source starts, while the capture thread still takes the readings that were waiting. Before,
/// the running source was cancelled and what waited in its queue (seconds of readings when the capture thread lags)
/// was lost.
@Suite("service capture drains across a restart")
struct ServiceCaptureDrainTests {
    @Test func everyReadingTheRunningSourceCapturedIsDelivered() throws {
        let produced = Locked<[Int: [Double]]>([:])
        let opened = Locked(1)
        let capture = ServiceCapture(
            source: BufferingSource(number: 1, produced: produced),
            makeSource: { () throws(CaptureError) in
                var number = 0
                opened.mutate {
                    $0 += 1
                    number = $0
                }
                return BufferingSource(number: number, produced: produced)
            },
            correction: nil, baseInterval: 0.02)
        let delivered = Locked<[Double]>([])
        // A subscriber slower than the sensors until the restart: readings wait in the source's queue.
        let slow = Locked(true)
        let token = capture.raw.subscribe(interval: 0) { sample in
            delivered.mutate { $0.append(sample.t) }
            if slow.value { Thread.sleep(forTimeInterval: 0.03) }
        }
        capture.start()
        defer { capture.stop() }
        #expect(waitUntil { delivered.value.count >= 30 })
        let demand = capture.demand(interval: 0.01)
        #expect(waitUntil { (produced.value[2]?.count ?? 0) >= 1 })
        slow.mutate { $0 = false }
        // Everything the first source captured, and then the second's first readings, reach the subscriber.
        let first = produced.value[1] ?? []
        #expect(waitUntil { delivered.value.count >= first.count + 20 })
        capture.raw.unsubscribe(token)
        capture.release(demand)
        let seen = Set(delivered.value)
        let lost = first.filter { !seen.contains($0) }
        #expect(lost.isEmpty, "\(lost.count) of \(first.count) readings the first source captured were lost")
        #expect(capture.restartLoss.restarts == 1)
    }
}

/// A device-like source: from `start` on, a thread of its own captures a still IMU on the monotonic clock at the
/// interval asked for into a queue, whether or not anyone reads (every capture's time goes to `produced`).
/// `cancel` drops what waits; `finishCapture` stops the capture and lets `read` take what waits, then nil.
private final class BufferingSource: MotionSource, @unchecked Sendable {
    // @unchecked: mutable state is guarded by `condition`.
    let info = MotionSourceInfo(
        name: "buffering", hasAccelerometer: true, hasGyroscope: true, hasMagnetometer: false, maximumSampleRate: 1000)
    private let number: Int
    private let produced: Locked<[Int: [Double]]>
    private let condition = NSCondition()
    private var waiting: [SensorReading] = []
    private var started = false
    private var capturing = false
    private var readerCancelled = false
    private var producerDone = false

    init(number: Int, produced: Locked<[Int: [Double]]>) {
        self.number = number
        self.produced = produced
    }

    func start(_ configuration: CaptureConfiguration) throws(CaptureError) {
        let interval = configuration.effectiveSamplingInterval
        condition.withLock {
            started = true
            capturing = true
        }
        Thread.detachNewThread { [self] in
            var t = (ProcessInfo.processInfo.systemUptime / interval).rounded(.up) * interval
            while condition.withLock({ capturing }) {
                let now = ProcessInfo.processInfo.systemUptime
                if now < t {
                    Thread.sleep(forTimeInterval: min(0.002, t - now))
                    continue
                }
                condition.withLock {
                    waiting.append(SensorReading(kind: .accelerometer, t: t, value: Vector3(0, 0, 9.81)))
                    waiting.append(SensorReading(kind: .gyroscope, t: t, value: Vector3(0, 0, 0)))
                    condition.broadcast()
                }
                produced.mutate { $0[number, default: []].append(t) }
                t += interval
            }
            condition.withLock {
                producerDone = true
                condition.broadcast()
            }
        }
    }

    func read() throws(CaptureError) -> [SensorReading]? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if readerCancelled { return nil }
            if !waiting.isEmpty {
                defer { waiting.removeAll() }
                return waiting
            }
            if producerDone { return nil }
            condition.wait()
        }
    }

    func cancel() {
        condition.withLock {
            readerCancelled = true
            capturing = false
            condition.broadcast()
        }
    }

    func finishCapture() {
        condition.withLock {
            capturing = false
            while started && !producerDone { condition.wait() }
        }
    }

    func stop() {
        cancel()
        condition.withLock {
            while started && !producerDone { condition.wait() }
        }
    }

    var statistics: CaptureStatistics { CaptureStatistics() }
}
