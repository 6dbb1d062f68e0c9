import BodyReadings
import Fusion
import Pedometry
import Pulse
import MotionMath
import ReadingFormats
import TextFormats

/// The `ReadingsFeed` of a `ServiceCapture`: device motion, raw samples, steps and beats as protocol lines (each
/// update encoded once for all its subscribers; a step or a beat as the `steps` and `heart-rate` commands' JSON
/// rows), every motion subscription's interval counted in the capture's plan, and history from the readings store
/// when one is attached.
public final class CaptureFeed: ReadingsFeed {
    /// Answers `history` requests; nil: the service keeps no store.
    public typealias HistoryQuery = @Sendable (ServiceHistoryQuery) throws(ServiceProtocolError) -> [(String, JSONValue)]

    /// The capture served.
    public let capture: ServiceCapture
    private let motionLines = LineCache<MotionEstimate>(ServiceEvent.motionLine)
    private let rawLines = LineCache<IMUSample>(ServiceEvent.rawLine)
    private let stepLines = LineCache<Step> { ServiceEvent.readingLine(.steps, $0.jsonMembers) }
    private let beatLines = LineCache<Beat> { ServiceEvent.readingLine(.heartRate, $0.jsonMembers) }
    private let historyQuery: HistoryQuery?
    public let availability: ServiceAvailability

    /// A feed of `capture`; `unavailable` says why further readings are missing (beside what the capture itself
    /// lacks: no accelerometer or gyroscope, no step counter, no pulse sensor).
    public init(capture: ServiceCapture, unavailable: [ServiceReading: String] = [:], history: HistoryQuery? = nil) {
        self.capture = capture
        self.historyQuery = history
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
        availability = ServiceAvailability(
            source: info.name, hasAccelerometer: info.hasAccelerometer, hasGyroscope: info.hasGyroscope,
            hasMagnetometer: info.hasMagnetometer, maximumSampleRate: info.maximumSampleRate, unavailable: missing)
    }

    public var captureInterval: Double { capture.captureInterval }

    public func subscribe(
        _ reading: ServiceReading, interval: Double, everySample: Bool,
        deliver: @escaping @Sendable ([UInt8]) -> Void, end: @escaping @Sendable (String?) -> Void
    ) -> FeedSubscription? {
        guard availability.isAvailable(reading) else { return nil }
        let ended: @Sendable (CaptureError?) -> Void = { end($0?.message) }
        let capture = self.capture
        switch reading {
        case .motion:
            let lines = motionLines
            let demand = capture.demand(interval: interval)
            let token = capture.motion.subscribe(
                interval: interval, deliver: { deliver(lines.line(for: $0)) }, end: ended)
            return FeedSubscription(reading: reading) {
                capture.motion.unsubscribe(token)
                capture.release(demand)
            }
        case .raw:
            let lines = rawLines
            let demand = capture.demand(interval: interval)
            let token = capture.raw.subscribe(
                interval: everySample ? 0 : interval, deliver: { deliver(lines.line(for: $0)) }, end: ended)
            return FeedSubscription(reading: reading) {
                capture.raw.unsubscribe(token)
                capture.release(demand)
            }
        case .steps:
            let lines = stepLines
            let token = capture.steps.subscribe(interval: 0, deliver: { deliver(lines.line(for: $0)) }, end: ended)
            return FeedSubscription(reading: reading) { capture.steps.unsubscribe(token) }
        case .heartRate:
            let lines = beatLines
            let token = capture.beats.subscribe(interval: 0, deliver: { deliver(lines.line(for: $0)) }, end: ended)
            return FeedSubscription(reading: reading) { capture.beats.unsubscribe(token) }
        }
    }

    public func history(_ query: ServiceHistoryQuery) throws(ServiceProtocolError) -> [(String, JSONValue)] {
        guard let historyQuery else {
            throw ServiceProtocolError("this service keeps no readings store")
        }
        return try historyQuery(query)
    }
}
