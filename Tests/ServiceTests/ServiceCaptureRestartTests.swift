import BodyReadings
import Foundation
import MotionMath
import Service
import TestSupport
import Testing
import TextFormats

/// A restart of the sensors for a faster client: the next source is opened while the running one still delivers,
/// and the samples the device's start-up costs are told to every consumer as a `CaptureGap` and counted.
@Suite("service capture restarts")
struct ServiceCaptureRestartTests {
    @Test func theNextSourceIsOpenedBeforeTheRunningOneStops() throws {
        let log = Locked<[String]>([])
        let capture = clockedCapture(log: log, openDelay: 0.3, startDelay: 0)
        let times = Locked<[Double]>([])
        let token = capture.raw.subscribe(interval: 0) { sample in times.mutate { $0.append(sample.t) } }
        capture.start()
        defer { capture.stop() }
        #expect(waitUntil { times.value.count >= 10 })
        let demand = capture.demand(interval: 0.005)
        let before = times.value.count
        #expect(waitUntil { log.value.contains("start 2") && times.value.count >= before + 20 })
        capture.raw.unsubscribe(token)
        capture.release(demand)
        let events = log.value
        let opened = try #require(events.firstIndex(of: "open 2"))
        let stopped = try #require(events.firstIndex(of: "stop 1"))
        #expect(opened < stopped, "discovery of the next source runs while the first delivers: \(events)")
        // The first source delivered while the second was being opened (0.3 s at 50 Hz: about 15 samples).
        let seen = times.value
        let longest = zip(seen, seen.dropFirst()).map { $1 - $0 }.max() ?? 0
        #expect(longest < 0.2, "no gap of the next source's discovery; longest spacing \(longest) s")
    }

    @Test func aRestartsLossIsToldBeforeTheSampleAfterIt() throws {
        let log = Locked<[String]>([])
        let capture = clockedCapture(log: log, openDelay: 0, startDelay: 0.25)
        let order = Locked<[(gap: CaptureGap?, t: Double)]>([])
        let rawToken = capture.raw.subscribe(interval: 0) { sample in order.mutate { $0.append((nil, sample.t)) } }
        let gapToken = capture.gaps.subscribe(interval: 0) { gap in order.mutate { $0.append((gap, gap.to)) } }
        capture.start()
        defer { capture.stop() }
        #expect(waitUntil { order.value.count >= 10 })
        let demand = capture.demand(interval: 0.005)
        #expect(waitUntil { order.value.contains { $0.gap != nil } && order.value.count >= 40 })
        capture.raw.unsubscribe(rawToken)
        capture.gaps.unsubscribe(gapToken)
        capture.release(demand)
        let seen = order.value
        let index = try #require(seen.firstIndex { $0.gap != nil })
        let gap = try #require(seen[index].gap)
        #expect(index > 0 && index + 1 < seen.count)
        #expect(seen[index - 1].t == gap.from, "from: the last sample before the restart")
        #expect(seen[index + 1].t == gap.to, "the gap comes just before the sample at its end")
        // At 50 Hz, a start-up of 0.25 s loses at least 11 samples; the count is the spacing's at that rate.
        #expect(gap.missed >= 11 && gap.missed == Int(((gap.to - gap.from) / 0.02).rounded()) - 1, "\(gap)")
        #expect(capture.restartLoss.restarts == 1 && capture.restartLoss.missed == gap.missed)
    }

    /// Served through a `CaptureFeed`, the restart's `gap` line is a notice, which the server never drops for a client
    /// that has fallen behind; only the updates are droppable.
    @Test func aFeedsSubscriberHearsOfTheRestartAsANotice() throws {
        let log = Locked<[String]>([])
        let capture = clockedCapture(log: log, openDelay: 0, startDelay: 0.25)
        let feed = CaptureFeed(capture: capture)
        let updates = Locked<[String]>([])
        let notices = Locked<[String]>([])
        let subscribed = feed.subscribe(
            .raw, interval: 0.02, everySample: true,
            deliver: { line in updates.mutate { $0.append(String(decoding: line, as: UTF8.self)) } },
            notice: { line in notices.mutate { $0.append(String(decoding: line, as: UTF8.self)) } },
            end: { _ in })
        let subscription = try #require(subscribed)
        capture.start()
        defer { capture.stop() }
        #expect(waitUntil { updates.value.count >= 10 })
        let demand = capture.demand(interval: 0.005)
        #expect(waitUntil { !notices.value.isEmpty && updates.value.count >= 40 })
        subscription.cancel()
        capture.release(demand)
        #expect(!updates.value.contains { $0.contains(#""event":"gap""#) }, "no gap among the droppable updates")
        let first = try #require(notices.value.first)
        let gap = try JSONValue.parse(Array(first.utf8))
        #expect(gap["event"] == .string("gap"), "\(notices.value)")
        #expect(gap["missed"]?.numberValue == Double(capture.restartLoss.missed) && capture.restartLoss.missed >= 11)
    }

    /// A capture at 50 Hz of `ClockedSource`s, each opened after `openDelay` s and started after `startDelay` s.
    private func clockedCapture(log: Locked<[String]>, openDelay: Double, startDelay: Double) -> ServiceCapture {
        let opened = Locked(1)
        return ServiceCapture(
            source: ClockedSource(number: 1, startDelay: startDelay, log: log),
            makeSource: { () throws(CaptureError) in
                var number = 0
                opened.mutate {
                    $0 += 1
                    number = $0
                }
                log.mutate { $0.append("open \(number)") }
                Thread.sleep(forTimeInterval: openDelay)
                return ClockedSource(number: number, startDelay: startDelay, log: log)
            },
            correction: nil, baseInterval: 0.02)
    }
}

/// A still IMU whose samples come on the monotonic clock at the interval asked for, like a device's, so that the
/// time a restart takes shows in the samples' times; it logs when it starts and stops.
private final class ClockedSource: MotionSource, @unchecked Sendable {
    // @unchecked: mutable state is guarded by `lock`.
    let info = MotionSourceInfo(
        name: "clocked", hasAccelerometer: true, hasGyroscope: true, hasMagnetometer: false, maximumSampleRate: 1000)
    private let number: Int
    private let startDelay: Double
    private let log: Locked<[String]>
    private let lock = NSLock()
    private var interval = 0.02
    private var next = 0.0
    private var cancelled = false
    private var stopped = false

    init(number: Int, startDelay: Double, log: Locked<[String]>) {
        self.number = number
        self.startDelay = startDelay
        self.log = log
    }

    func start(_ configuration: CaptureConfiguration) throws(CaptureError) {
        Thread.sleep(forTimeInterval: startDelay)
        lock.withLock {
            interval = configuration.effectiveSamplingInterval
            next = (ProcessInfo.processInfo.systemUptime / interval).rounded(.up) * interval
        }
        log.mutate { $0.append("start \(number)") }
    }

    func read() throws(CaptureError) -> [SensorReading]? {
        let (t, step) = lock.withLock { (next, interval) }
        while ProcessInfo.processInfo.systemUptime < t {
            if lock.withLock({ cancelled }) { return nil }
            Thread.sleep(forTimeInterval: min(0.002, t - ProcessInfo.processInfo.systemUptime))
        }
        if lock.withLock({ cancelled }) { return nil }
        lock.withLock { next = t + step }
        return [
            SensorReading(kind: .accelerometer, t: t, value: Vector3(0, 0, 9.81)),
            SensorReading(kind: .gyroscope, t: t, value: Vector3(0, 0, 0)),
        ]
    }

    func cancel() { lock.withLock { cancelled = true } }

    func stop() {
        cancel()
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        if first { log.mutate { $0.append("stop \(number)") } }
    }

    var statistics: CaptureStatistics { CaptureStatistics() }
}
