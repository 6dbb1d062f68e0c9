import Barometry
import Fusion
import Pulse
import ReadingFormats
import ReadingsStore

/// Where the web API and the dashboard get their readings: the live ones by subscription, the stored ones by query.
///
/// The service implements it on its shared capture and its store; tests implement it with simulated readings.
/// Every method is called on the HTTP server's one thread and must return quickly: subscribing must not wait for a
/// sensor (an unavailable reading is subscribed all the same and reports ``ReadingUpdate/availability(_:)``), and a
/// query may take a few milliseconds (a store query), not seconds. Handlers may be called on any thread, must not
/// block, and may be called until ``ReadingSubscription/cancel()`` returns.
public protocol ReadingsProvider: Sendable {
    /// Whether `kind` is measured now, and why not.
    func availability(of kind: ServiceReading) -> ReadingAvailability

    /// Device motion every `interval` seconds (0.01…10) of sample time, and changes of its availability.
    func subscribeMotion(
        interval: Double, _ handler: @escaping @Sendable (ReadingUpdate<MotionEstimate>) -> Void
    ) -> any ReadingSubscription

    /// Every step, with the day's count, and changes of the steps' availability.
    func subscribeSteps(_ handler: @escaping @Sendable (ReadingUpdate<StepsUpdate>) -> Void) -> any ReadingSubscription

    /// Every heartbeat (with or without a trusted heart rate) and changes of the heart rate's availability.
    func subscribeHeartRate(_ handler: @escaping @Sendable (ReadingUpdate<Beat>) -> Void) -> any ReadingSubscription

    /// The steps of the local day holding now, stored and live: one bucket from midnight to midnight.
    func stepsToday() throws -> StepsBucket

    /// Stored readings as `history` answers them (`ReadingsDatabase.history(_:)`).
    func history(_ query: HistoryQuery) throws -> History

    /// The most recent stored (or live) heart rate; nil when none was ever measured.
    func latestHeartRate() throws -> StoredHeartRate?

    /// The altitude with the day's flights every `interval` seconds (0.01…10) of sample time, and changes of its
    /// availability. By default nothing: a provider without a barometer (whose `availability(of: .altitude)` says
    /// why).
    func subscribeAltitude(interval: Double, _ handler: @escaping @Sendable (ReadingUpdate<AltitudeUpdate>) -> Void)
        -> any ReadingSubscription
}

extension ReadingsProvider {
    public func subscribeAltitude(
        interval: Double, _ handler: @escaping @Sendable (ReadingUpdate<AltitudeUpdate>) -> Void
    ) -> any ReadingSubscription {
        CancellingSubscription.none
    }
}
