// Not importing BodyReadings (the capture's fan-outs need no import): its live HeartRateSample would make the
// store's ambiguous, and the module ReadingsStore cannot be named past its class ReadingsStore.
import Fusion
import Pulse
import ReadingFormats
import ReadingsStore
import ReadingsWeb
import TextFormats

/// The readings web's `ReadingsProvider` on a service's `CaptureFeed`: live device motion from the capture (each
/// event stream counted in the capture's interval plan, like a socket client), availability as the feed states it
/// (the socket's `available` and the web's `/api/available` say the same), and stored readings from `store`.
///
/// Steps and heart rate are live only once the capture carries them; until then their streams say why they are
/// missing (the feed's reasons) and send nothing else.
public final class CaptureReadingsProvider: ReadingsProvider {
    private let feed: CaptureFeed
    private let store: ReadingsStore?

    /// Readings of `feed`'s capture; stored ones from `store` (nil: the service keeps no store, queries fail with
    /// that reason and the API answers 503).
    public init(feed: CaptureFeed, store: ReadingsStore?) {
        self.feed = feed
        self.store = store
    }

    public func availability(of kind: ReadingKind) -> ReadingAvailability {
        let reading = Self.reading(kind)
        guard let reason = feed.availability.unavailable[reading] else { return .available }
        return .unavailable(reason: reason)
    }

    public func subscribeMotion(
        interval: Double, _ handler: @escaping @Sendable (ReadingUpdate<MotionEstimate>) -> Void
    ) -> any ReadingSubscription {
        guard availability(of: .motion).isAvailable else { return CancellingSubscription.none }
        let capture = feed.capture
        let demand = capture.demand(interval: interval)
        let token = capture.motion.subscribe(
            interval: interval, deliver: { handler(.reading($0)) },
            end: { error in
                handler(.availability(.unavailable(reason: error?.message ?? "the sensors stopped")))
            })
        return CancellingSubscription {
            capture.motion.unsubscribe(token)
            capture.release(demand)
        }
    }

    public func subscribeSteps(_ handler: @escaping @Sendable (ReadingUpdate<StepsUpdate>) -> Void)
        -> any ReadingSubscription
    {
        CancellingSubscription.none
    }

    public func subscribeHeartRate(_ handler: @escaping @Sendable (ReadingUpdate<Beat>) -> Void)
        -> any ReadingSubscription
    {
        CancellingSubscription.none
    }

    public func stepsToday() throws -> StepsBucket {
        let today = TimeRange.today()
        return try openStore().steps(in: today)
            ?? StepsBucket(start: today.start, end: today.end, steps: 0, minutes: 0)
    }

    public func history(_ query: HistoryQuery) throws -> History {
        try openStore().history(query)
    }

    public func latestHeartRate() throws -> HeartRateSample? {
        try openStore().latestHeartRate()
    }

    private func openStore() throws(ServiceProtocolError) -> ReadingsStore {
        guard let store else { throw ServiceProtocolError("this service keeps no readings store") }
        return store
    }

    private static func reading(_ kind: ReadingKind) -> ServiceReading {
        switch kind {
        case .motion: return .motion
        case .steps: return .steps
        case .heartRate: return .heartRate
        }
    }
}
