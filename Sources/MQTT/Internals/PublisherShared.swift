import SystemSupport

/// What an ``MQTTPublisher``'s callers and its network thread share, behind one lock (`condition`).
///
/// Callers append messages and read statistics; the network thread takes messages and records what became of them.
/// The condition's waits serve ``MQTTPublisher/waitUntilConnected(timeout:)`` and ``MQTTPublisher/stop(final:drainTimeout:)``.
final class PublisherShared: @unchecked Sendable {
    // @unchecked: every stored property is read and written only while holding `condition`'s lock.

    /// How the publisher was asked to stop.
    struct StopRequest {
        /// Builds the last message (the "offline" status) from the final statistics.
        var final: (@Sendable (MQTTPublisherStatistics) -> MQTTMessage)?
        /// Until when the queue may drain.
        var deadline: ContinuousClock.Instant
    }

    let condition = ThreadCondition()
    private(set) var queue: PublishQueue
    /// Messages of ``MQTTPublisher/publishLatest(_:)`` not yet sent, at most one per topic, oldest first.
    private var latest: [MQTTMessage] = []
    /// Counters; `queued`, `queuedBytes` and `inFlight` are filled in when read.
    var counters = MQTTPublisherStatistics()
    /// Messages handed to libmosquitto and not yet acknowledged (kept by the network thread).
    var inFlight = 0
    /// How the first connection attempt ended: nil while none has ended.
    var firstOutcome: Result<Void, MQTTError>?
    var stopRequest: StopRequest?
    /// The network thread has finished; `counters` are final.
    var finished = false
    /// A wake-up is on its way to the network thread.
    var wakePending = false

    init(limits: MQTTQueueLimits) {
        queue = PublishQueue(limits: limits)
    }

    /// Runs `body` holding the lock.
    func locked<Result>(_ body: (PublisherShared) -> Result) -> Result {
        condition.lock()
        defer { condition.unlock() }
        return body(self)
    }

    /// The statistics now (call holding the lock).
    var statistics: MQTTPublisherStatistics {
        var statistics = counters
        statistics.queued = queue.count
        statistics.queuedBytes = queue.bytes
        statistics.inFlight = inFlight
        return statistics
    }

    /// Queues a message, dropping the oldest beyond the limits (call holding the lock).
    func enqueue(_ message: MQTTMessage) {
        counters.dropped += queue.append(message)
    }

    /// Puts unacknowledged messages back at the head (call holding the lock).
    func requeue(_ messages: [MQTTMessage]) {
        counters.dropped += queue.prepend(messages)
    }

    /// Takes up to `count` queued messages, oldest first (call holding the lock).
    func dequeue(upTo count: Int) -> [MQTTMessage] {
        var taken: [MQTTMessage] = []
        while taken.count < count, let message = queue.removeFirst() {
            taken.append(message)
        }
        return taken
    }

    /// Drops everything queued, counting it (call holding the lock).
    func dropQueued() {
        counters.dropped += queue.removeAll()
    }

    /// Keeps `message` as the one to send on its topic, replacing an unsent one (call holding the lock).
    func setLatest(_ message: MQTTMessage) {
        latest.removeAll { $0.topic == message.topic }
        latest.append(message)
    }

    /// Takes the unsent latest messages (call holding the lock).
    func takeLatest() -> [MQTTMessage] {
        defer { latest.removeAll() }
        return latest
    }
}
