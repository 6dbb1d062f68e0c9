import BodyReadings
import Fusion
import MotionMath
import ReadingFormats
import TextFormats

/// The `ReadingsFeed` of a `ServiceCapture`: device motion and raw samples as protocol lines (each update encoded
/// once for all its subscribers), every subscription's interval counted in the capture's plan, and history from
/// the readings store when one is attached.
public final class CaptureFeed: ReadingsFeed {
    /// Answers `history` requests; nil: the service keeps no store.
    public typealias HistoryQuery = @Sendable (ServiceHistoryQuery) throws(ServiceProtocolError) -> [(String, JSONValue)]

    /// The capture served.
    public let capture: ServiceCapture
    private let motionLines = LineCache<MotionEstimate>(ServiceEvent.motionLine)
    private let rawLines = LineCache<IMUSample>(ServiceEvent.rawLine)
    private let historyQuery: HistoryQuery?
    public let availability: ServiceAvailability

    /// A feed of `capture`; `unavailable` says why readings the capture does not have are missing.
    public init(capture: ServiceCapture, unavailable: [ServiceReading: String], history: HistoryQuery? = nil) {
        self.capture = capture
        self.historyQuery = history
        let info = capture.info
        var missing = unavailable
        if !info.hasDeviceMotion {
            missing[.motion] = "\(info.name) has no \(info.hasGyroscope ? "accelerometer" : "gyroscope")"
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
        case .steps, .heartRate:
            return nil
        }
    }

    public func history(_ query: ServiceHistoryQuery) throws(ServiceProtocolError) -> [(String, JSONValue)] {
        guard let historyQuery else {
            throw ServiceProtocolError("this service keeps no readings store")
        }
        return try historyQuery(query)
    }
}
