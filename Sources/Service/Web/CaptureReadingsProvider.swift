import BodyReadings
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
/// Steps and beats are live from the capture; a reading the capture does not carry (no step counter or
/// accelerometer, no pulse sensor) says why in its stream (the feed's reasons) and sends nothing else. "Steps
/// today" is the recording's live count (stored + counted since the start); without a store, the steps counted
/// since the service started.
public final class CaptureReadingsProvider: ReadingsProvider {
    private let feed: CaptureFeed
    private let recording: StoreRecording?

    /// Readings of `feed`'s capture; stored ones from `recording`'s store (nil: the service keeps no store, queries
    /// fail with that reason and the API answers 503).
    public init(feed: CaptureFeed, recording: StoreRecording?) {
        self.feed = feed
        self.recording = recording
    }

    public func availability(of reading: ServiceReading) -> ReadingAvailability {
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
            interval: interval, aligned: true, deliver: { handler(.reading($0)) },
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
        guard availability(of: .steps).isAvailable else { return CancellingSubscription.none }
        let capture = feed.capture
        let recording = self.recording
        let token = capture.steps.subscribe(
            interval: 0, deliver: { step in handler(.reading(StepsUpdate(step: step, today: recording?.stepsToday(through: step) ?? step.count))) },
            end: { error in handler(.availability(.unavailable(reason: error?.message ?? "the sensors stopped"))) })
        return CancellingSubscription { capture.steps.unsubscribe(token) }
    }

    public func subscribeHeartRate(_ handler: @escaping @Sendable (ReadingUpdate<Beat>) -> Void)
        -> any ReadingSubscription
    {
        guard availability(of: .heartRate).isAvailable else { return CancellingSubscription.none }
        let capture = feed.capture
        let token = capture.beats.subscribe(
            interval: 0, deliver: { handler(.reading($0)) },
            end: { error in handler(.availability(.unavailable(reason: error?.message ?? "the sensors stopped"))) })
        return CancellingSubscription { capture.beats.unsubscribe(token) }
    }

    public func subscribeAltitude(
        interval: Double, _ handler: @escaping @Sendable (ReadingUpdate<AltitudeUpdate>) -> Void
    ) -> any ReadingSubscription {
        guard availability(of: .altitude).isAvailable else { return CancellingSubscription.none }
        let capture = feed.capture
        let recording = self.recording
        let token = capture.altitude.subscribe(
            interval: interval, aligned: true,
            deliver: { update in
                let floors = recording?.flightsToday(through: update) ?? (update.floorsAscended, update.floorsDescended)
                handler(
                    .reading(
                        AltitudeUpdate(reading: update.reading, floorsAscended: floors.0, floorsDescended: floors.1)))
            },
            end: { error in handler(.availability(.unavailable(reason: error?.message ?? "the sensors stopped"))) })
        return CancellingSubscription { capture.altitude.unsubscribe(token) }
    }

    public func stepsToday() throws -> StepsBucket {
        let today = TimeRange.today()
        let store = try openStore()
        try recording?.flush()
        var bucket = try store.steps(in: today) ?? StepsBucket(start: today.start, end: today.end, steps: 0, minutes: 0)
        if let recording { bucket.steps = max(bucket.steps, recording.stepsToday) }
        return bucket
    }

    public func history(_ query: HistoryQuery) throws -> History {
        try openStore().history(query)
    }

    public func latestHeartRate() throws -> StoredHeartRate? {
        let store = try openStore()
        try recording?.flush()
        return try store.latestHeartRate()
    }

    private func openStore() throws(ServiceProtocolError) -> ReadingsDatabase {
        guard let store = recording?.store else { throw ServiceProtocolError("this service keeps no readings store") }
        return store
    }
}
