import BodyReadings
import Fusion
import Pedometry
import Pulse
import MotionMath
import ReadingFormats
import SystemSupport
import TextFormats

/// The `ReadingsFeed` of a `ServiceCapture`: device motion, raw samples, steps, beats and altitudes as protocol
/// lines (each update encoded once for all its subscribers; a step or a beat as the `steps` and `heart-rate`
/// commands' JSON rows, a step with the day's count `today` as well, an altitude as the `altitude` command's row with
/// the day's flights), every motion subscription's interval counted in the capture's plan, and history from the
/// readings store when one is attached.
public final class CaptureFeed: ReadingsFeed {
    /// Answers `history` requests; nil: the service keeps no store.
    public typealias HistoryQuery = @Sendable (ServiceHistoryQuery) throws(ServiceProtocolError) -> [(String, JSONValue)]

    /// The capture served.
    public let capture: ServiceCapture
    private let motionLines = LatestEncoding()
    private let rawLines = LatestEncoding()
    private let stepLines = LatestEncoding()
    private let beatLines = LatestEncoding()
    private let altitudeLines = LatestEncoding()
    private let flightsToday: (@Sendable (AltitudeUpdate) -> (ascended: Int, descended: Int))?
    private let historyQuery: HistoryQuery?
    private let stepsToday: (@Sendable (Step) -> Int)?
    private let status: (@Sendable () -> [(String, JSONValue)])?
    public let availability: ServiceAvailability

    /// A feed of `capture`; `unavailable` says why further readings are missing (beside what the capture itself
    /// lacks: no accelerometer or gyroscope, no step counter, no pulse sensor); `stepsToday` tells the day's steps
    /// at each step (stored + counted since, `StoreRecording.stepsToday(through:)`; nil: the capture's running count);
    /// `flightsToday` the day's flights at each altitude (`StoreRecording.flightsToday(through:)`; nil: the capture's);
    /// `status` gives the members a `status` reply adds (`StoreRecording.statusMembers`).
    public init(
        capture: ServiceCapture, unavailable: [ServiceReading: String] = [:], history: HistoryQuery? = nil,
        stepsToday: (@Sendable (Step) -> Int)? = nil,
        flightsToday: (@Sendable (AltitudeUpdate) -> (ascended: Int, descended: Int))? = nil,
        status: (@Sendable () -> [(String, JSONValue)])? = nil
    ) {
        self.capture = capture
        self.historyQuery = history
        self.stepsToday = stepsToday
        self.flightsToday = flightsToday
        self.status = status
        let info = capture.info
        var missing = unavailable
        if !info.hasDeviceMotion {
            missing[.motion] = "\(info.name) has no \(info.hasGyroscope ? "accelerometer" : "gyroscope")"
        }
        if capture.counter == nil {
            missing[.steps] =
                info.hasAccelerometer
                ? "\(info.name) has no hardware step counter" : "\(info.name) has no accelerometer or step counter"
        }
        if !info.hasPPG {
            missing[.heartRate] = "\(info.name) has no pulse (PPG) sensor"
        }
        if !capture.hasBarometer {
            missing[.altitude] = "\(info.name) has no barometer"
        }
        availability = ServiceAvailability(
            source: info.name, hasAccelerometer: info.hasAccelerometer, hasGyroscope: info.hasGyroscope,
            hasMagnetometer: info.hasMagnetometer, maximumSampleRate: info.maximumSampleRate, unavailable: missing)
    }

    /// The capture's restarts and what they cost, the barometer (`false` without one, else its latest pressure and
    /// relative altitude, null before its first reading), then what `status` adds.
    public var statusMembers: [(String, JSONValue)] {
        let loss = capture.restartLoss
        var barometer = JSONValue.bool(false)
        if capture.hasBarometer {
            let latest = capture.altitude.latest?.reading
            barometer = .object([
                ("pressure", latest.map { .number($0.pressure) } ?? .null),
                ("relative_altitude", latest.map { .number($0.relativeAltitude) } ?? .null),
            ])
        }
        return [
            ("restarts", .number(Double(loss.restarts))), ("restart_missed", .number(Double(loss.missed))),
            ("barometer", barometer),
        ] + (status?() ?? [])
    }

    public var captureInterval: Double { capture.captureInterval }

    public func subscribe(
        _ reading: ServiceReading, interval: Double, everySample: Bool,
        deliver: @escaping @Sendable ([UInt8]) -> Void, notice: @escaping @Sendable ([UInt8]) -> Void,
        end: @escaping @Sendable (String?) -> Void
    ) -> FeedSubscription? {
        guard availability.isAvailable(reading) else { return nil }
        let ended: @Sendable (CaptureError?) -> Void = { end($0?.message) }
        let capture = self.capture
        switch reading {
        case .motion:
            return Self.sampled(
                reading, capture.motion, capture: capture, interval: interval, every: interval, lines: motionLines,
                line: ServiceEvent.motionLine, deliver: deliver, notice: notice, end: ended)
        case .raw:
            return Self.sampled(
                reading, capture.raw, capture: capture, interval: interval, every: everySample ? 0 : interval,
                lines: rawLines, line: ServiceEvent.rawLine, deliver: deliver, notice: notice, end: ended)
        case .steps:
            let lines = stepLines
            let today = stepsToday
            let token = capture.steps.subscribe(
                interval: 0,
                deliver: { step in
                    deliver(
                        lines.bytes(at: step.t) {
                            ServiceEvent.readingLine(.steps, step.jsonMembers(today: today?(step) ?? step.count))
                        })
                }, end: ended)
            return FeedSubscription(reading: reading) { capture.steps.unsubscribe(token) }
        case .heartRate:
            let lines = beatLines
            let token = capture.beats.subscribe(
                interval: 0,
                deliver: { beat in
                    deliver(lines.bytes(at: beat.t) { ServiceEvent.readingLine(.heartRate, beat.jsonMembers) })
                }, end: ended)
            return FeedSubscription(reading: reading) { capture.beats.unsubscribe(token) }
        case .altitude:
            let lines = altitudeLines
            let today = flightsToday
            let token = capture.altitude.subscribe(
                interval: interval, aligned: true,
                deliver: { update in
                    deliver(
                        lines.bytes(at: update.t) {
                            let (up, down) = today?(update) ?? (update.floorsAscended, update.floorsDescended)
                            return ServiceEvent.readingLine(
                                .altitude, update.reading.jsonMembers(floorsAscended: up, floorsDescended: down))
                        })
                }, end: ended)
            return FeedSubscription(reading: reading) { capture.altitude.unsubscribe(token) }
        }
    }

    /// A subscription to one of the capture's sample streams (motion, raw) delivered `every` s (0: every sample): it
    /// counts `interval` in the capture's plan, and hears of the gaps its restarts leave.
    private static func sampled<Update: Timestamped & Sendable>(
        _ reading: ServiceReading, _ fanOut: UpdateFanOut<Update>, capture: ServiceCapture, interval: Double,
        every: Double, lines: LatestEncoding, line: @escaping @Sendable (Update) -> [UInt8],
        deliver: @escaping @Sendable ([UInt8]) -> Void, notice: @escaping @Sendable ([UInt8]) -> Void,
        end: @escaping @Sendable (CaptureError?) -> Void
    ) -> FeedSubscription {
        let demand = capture.demand(interval: interval)
        let gaps = subscribeToGaps(capture, notice: notice)
        let token = fanOut.subscribe(
            interval: every, aligned: true,
            deliver: { update in deliver(lines.bytes(at: update.t) { line(update) }) }, end: end)
        return FeedSubscription(reading: reading) {
            fanOut.unsubscribe(token)
            capture.gaps.unsubscribe(gaps)
            capture.release(demand)
        }
    }

    /// A `gap` notice for each restart of the sensors, before the update that follows it: a notice, so that a client
    /// that has fallen behind (its oldest updates dropped) still hears how many samples the restart cost.
    private static func subscribeToGaps(
        _ capture: ServiceCapture, notice: @escaping @Sendable ([UInt8]) -> Void
    ) -> UpdateFanOut<CaptureGap>.Subscription {
        capture.gaps.subscribe(interval: 0) { gap in
            notice(ServiceEvent.gapLine(missed: gap.missed, from: gap.from, to: gap.to))
        }
    }

    /// Every update of the capture comes in one of its batches (`ServiceCapture.observeBatches`).
    public func observeBatches(begin: @escaping @Sendable () -> Void, end: @escaping @Sendable () -> Void) -> Bool {
        capture.observeBatches(begin: begin, end: end)
        return true
    }

    public func history(_ query: ServiceHistoryQuery) throws(ServiceProtocolError) -> [(String, JSONValue)] {
        guard let historyQuery else {
            throw ServiceProtocolError("this service keeps no readings store")
        }
        return try historyQuery(query)
    }
}
