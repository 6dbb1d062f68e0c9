import Sensors
import SystemSupport

/// Hands one stream of updates to any number of subscribers, each at its own interval (an `UpdateDecimator` of its
/// own, on sample time), and keeps the latest update for readers that poll. The consumer of a pipeline whose
/// updates several clients share: `MotionManager`'s handlers, async sequences and pull mode; a service's clients.
///
/// Thread-safe: subscribe, unsubscribe and change intervals from any thread while the pipeline's thread publishes.
/// Deliveries run on the publishing thread, outside every lock, so a delivery may unsubscribe (itself or others);
/// keep them short or hand the update to a queue. No allocation per update once the first ones were delivered.
public final class UpdateFanOut<Update: Timestamped & Sendable>: UpdateConsumer, @unchecked Sendable {
    // @unchecked: all mutable state is guarded by `lock`.

    /// One subscriber's handle.
    public struct Subscription: Hashable, Sendable {
        fileprivate let id: UInt64
    }

    /// Receives a due update.
    public typealias Delivery = @Sendable (Update) -> Void
    /// Told once that no further update will come, with the error that ended the updates (nil: they just ended).
    public typealias Ending = @Sendable (CaptureError?) -> Void

    private struct Subscriber {
        let id: UInt64
        let deliver: Delivery
        let end: Ending
    }

    private let lock = ThreadLock()
    private var subscribers: [Subscriber] = []
    /// `subscribers[i]`'s decimator, in an array of their own: `publish` asks every one of them for every update
    /// (160 000 times a second for a service's 100 clients at 1.6 kHz), and a decimator changed in place inside the
    /// subscriber copied (retained and released) its closures each time.
    private var decimators: [UpdateDecimator] = []
    private var nextID: UInt64 = 0
    private var newest: Update?
    /// The deliveries due for one update, reused from update to update.
    private var scratch: [Delivery] = []

    public init() {}

    /// Adds a subscriber that gets one update per `interval` seconds of sample time (0: every update) through
    /// `deliver`, and `end` once when the updates end (`end(with:)`); an `unsubscribe` ends it silently. With
    /// `aligned`, its updates lie on whole multiples of `interval` (`UpdateDecimator.alignsToMultiples`), as
    /// every other aligned subscriber's of that interval. Precondition: `interval` is finite and ≥ 0.
    public func subscribe(
        interval: Double, aligned: Bool = false, deliver: @escaping Delivery, end: @escaping Ending = { _ in }
    ) -> Subscription {
        lock.lock()
        defer { lock.unlock() }
        nextID += 1
        let decimator = UpdateDecimator(interval: interval, alignsToMultiples: aligned)
        subscribers.append(Subscriber(id: nextID, deliver: deliver, end: end))
        decimators.append(decimator)
        return Subscription(id: nextID)
    }

    /// Removes a subscriber without calling its `end`; false when it was not subscribed (any more).
    @discardableResult
    public func unsubscribe(_ subscription: Subscription) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard let index = subscribers.firstIndex(where: { $0.id == subscription.id }) else { return false }
        subscribers.remove(at: index)
        decimators.remove(at: index)
        return true
    }

    /// Changes one subscriber's interval from its next update on. Precondition: finite and ≥ 0.
    public func setInterval(_ interval: Double, for subscription: Subscription) {
        lock.lock()
        defer { lock.unlock() }
        for index in subscribers.indices where subscribers[index].id == subscription.id {
            decimators[index].interval = interval
        }
    }

    /// Changes every subscriber's interval from its next update on. Precondition: finite and ≥ 0.
    public func setInterval(_ interval: Double) {
        lock.lock()
        defer { lock.unlock() }
        for index in decimators.indices { decimators[index].interval = interval }
    }

    /// The latest update published, delivered to anyone or not; nil before the first.
    public var latest: Update? {
        lock.lock()
        defer { lock.unlock() }
        return newest
    }

    /// The number of subscribers.
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return subscribers.count
    }

    /// Offers `update` to every subscriber; those whose interval is due get it, in subscription order.
    public func publish(_ update: Update) {
        lock.lock()
        newest = update
        var due = scratch
        scratch = []
        let t = update.t
        // Taken out of the stored property while asked (one exclusivity check, not one per subscriber).
        var decimators = self.decimators
        self.decimators = []
        for index in decimators.indices where decimators[index].shouldEmit(t: t) {
            due.append(subscribers[index].deliver)
        }
        self.decimators = decimators
        lock.unlock()
        for deliver in due { deliver(update) }
        due.removeAll(keepingCapacity: true)
        lock.lock()
        if scratch.capacity < due.capacity { scratch = due }
        lock.unlock()
    }

    /// Removes every subscriber and tells each through its `end`, with `error` when one ended the updates.
    public func end(with error: CaptureError?) {
        for end in removeAll() { end(error) }
    }

    /// Removes every subscriber and returns their `end`s, for a caller that must call them later (once it released
    /// a lock of its own that an `end` may take).
    public func removeAll() -> [Ending] {
        lock.lock()
        defer { lock.unlock() }
        let ending = subscribers.map(\.end)
        subscribers = []
        decimators = []
        return ending
    }

    public func receive(_ update: Update) -> ConsumerDemand {
        publish(update)
        return .more
    }

    public func idle() {}
}
