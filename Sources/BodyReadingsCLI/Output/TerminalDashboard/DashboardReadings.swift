import ReadingFormats
import ReadingsWeb
import SystemSupport

/// The live `DashboardModel`: subscribes to the four readings of a `ReadingsProvider` (the one the web
/// dashboard reads: the service's capture in process, or a service through its socket) and folds every update in
/// as it arrives, on whichever thread the provider delivers. The driver draws `snapshot()`.
///
/// Thread-safe: the model is guarded by a lock that is held only to copy or change it.
final class DashboardReadings: @unchecked Sendable {
    // @unchecked: `model` and `subscriptions` are guarded by `lock`.
    private let lock = ThreadLock()
    private var model: DashboardModel
    private var subscriptions: [any ReadingSubscription] = []
    private let clock: @Sendable () -> Double

    /// No readings yet. `clock` is the monotonic clock, s, replaceable in tests.
    init(clock: @escaping @Sendable () -> Double = { MonotonicClock.now() }) {
        self.clock = clock
        model = DashboardModel(source: "")
    }

    /// Takes the availability of the four readings from `provider` (and the day's stored steps, when it has
    /// them) and subscribes to them, motion every `interval` seconds (0.01…10), the altitude every second;
    /// `source` names the provider in the header. Call it once.
    func subscribe(to provider: any ReadingsProvider, source: String, interval: Double) {
        let availability = ServiceReading.shown.map(provider.availability(of:))
        // Before the steps' subscription: a service's answer is the base its step lines count on from.
        let today = availability[1].isAvailable ? try? provider.stepsToday() : nil
        change { model, now in
            model.source = source
            (model.motionAvailability, model.stepsAvailability, model.heartRateAvailability) =
                (availability[0], availability[1], availability[2])
            model.altitudeAvailability = availability[3]
            if let today {
                model.applyStepsToday(today.steps, at: now)
            } else {
                model.stepsSinceStart = true
            }
            if availability[1].isAvailable { model.stepHistory.begin(at: now) }
        }
        let motion = provider.subscribeMotion(interval: interval) { [weak self] update in
            self?.change { $0.apply(update, at: $1) }
        }
        let steps = provider.subscribeSteps { [weak self] update in
            self?.change { $0.apply(update, at: $1) }
        }
        let heartRate = provider.subscribeHeartRate { [weak self] update in
            self?.change { $0.apply(update, at: $1) }
        }
        let altitude = provider.subscribeAltitude(interval: 1) { [weak self] update in
            self?.change { $0.apply(update, at: $1) }
        }
        lock.withLock { subscriptions += [motion, steps, heartRate, altitude] }
    }

    /// A copy of the model now, and the clock's time it holds for.
    func snapshot() -> (model: DashboardModel, now: Double) {
        let now = clock()
        return (lock.withLock { model }, now)
    }

    /// Shows `note` (a capture's diagnostic) at the bottom of the screen instead of writing it over the screen.
    func note(_ note: String) {
        lock.withLock { model.note = note }
    }

    /// Ends the subscriptions; no update changes the model after it returns. Idempotent.
    func cancel() {
        let ended = lock.withLock { () -> [any ReadingSubscription] in
            defer { subscriptions = [] }
            return subscriptions
        }
        for subscription in ended { subscription.cancel() }
    }

    private func change(_ body: (inout DashboardModel, Double) -> Void) {
        let now = clock()
        lock.withLock { body(&model, now) }
    }
}
