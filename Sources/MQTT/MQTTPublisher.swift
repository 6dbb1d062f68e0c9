import SystemSupport

/// Publishes messages to one broker from any thread, through connection losses: a bounded queue, reconnection with
/// back-off, and counts of what was delivered and what was lost.
///
/// ```swift
/// var configuration = MQTTPublisher.Configuration(host: "broker", port: 1883, clientID: "board-7")
/// configuration.will = MQTTMessage(topic: "boards/board-7/status", text: "offline", qos: .atLeastOnce, retain: true)
/// let publisher = try MQTTPublisher(configuration)
/// guard try publisher.waitUntilConnected(timeout: 10) else { … }      // throws a refused login, an unreachable host
/// publisher.publish(MQTTMessage(topic: "boards/board-7/imu", text: json, qos: .atLeastOnce))
/// let final = publisher.stop(final: { _ in offline }, drainTimeout: 2)
/// ```
///
/// **Threads.** One network thread per publisher ("mqtt <client id>") owns the libmosquitto client and is the only
/// one that calls it; callbacks arrive inside its calls (see ``MQTTClient``). It sleeps in `poll` on the broker's
/// socket and a self-pipe (``InterruptiblePoll``) that ``publish(_:)`` writes to when the thread should send: no
/// polling while idle, one wake-up a second at most for keep-alive. Callers only touch the queue, under a lock.
///
/// **Queue.** QoS 1 messages wait in a queue bounded by ``MQTTQueueLimits`` (oldest dropped first) until the network
/// thread hands them to libmosquitto, at most ``Configuration/inFlightWindow`` at a time, and leave it only when the
/// broker acknowledges them. When a connection drops, the unacknowledged ones go back to the head of the queue, in
/// order, and are sent again after reconnecting: at-least-once, in order, so a subscriber may see a message twice but
/// never out of order. A fresh libmosquitto client per connection keeps libmosquitto from resending on its own.
/// QoS 0 messages are sent while connected and dropped (counted) while not.
///
/// **Reconnection.** After a failed attempt or a lost connection the thread waits as ``ReconnectBackOff`` says
/// (0.5 s doubling to 30 s, ±20 %) and tries again, until ``stop(final:drainTimeout:)``; a refused login or a TLS
/// failure is retried too (a broker's password file may be fixed), and reported each time.
public final class MQTTPublisher: Sendable {
    private let shared: PublisherShared
    private let poller: InterruptiblePoll

    /// Starts the network thread, which connects at once. Throws only when the system cannot make the thread's
    /// self-pipe (no file descriptors left): ``MQTTFailure/system(errno:)``.
    public init(
        _ configuration: Configuration, events: @escaping @Sendable (MQTTPublisherEvent) -> Void = { _ in }
    ) throws(MQTTError) {
        do {
            poller = try InterruptiblePoll()
        } catch {
            throw MQTTError(operation: error.operation, failure: .system(errno: error.code))
        }
        shared = PublisherShared(limits: configuration.limits)
        let loop = NetworkLoop(configuration: configuration, shared: shared, poller: poller, events: events)
        NamedThread.start(name: "mqtt \(configuration.clientID)") { loop.run() }
    }

    /// Queues `message` for the broker and returns at once. A QoS 0 message while not connected is dropped.
    public func publish(_ message: MQTTMessage) {
        let wake = shared.locked { shared -> Bool in
            guard shared.stopRequest == nil else { return false }
            shared.counters.accepted += 1
            guard message.qos == .atLeastOnce || shared.counters.isConnected else {
                shared.counters.dropped += 1
                return false
            }
            shared.enqueue(message)
            return shared.wakeIfConnected()
        }
        if wake { poller.wake() }
    }

    /// Sends `message` before queued messages, replacing an unsent one on the same topic; not counted and not sent
    /// while disconnected (for a retained status whose newest value alone matters).
    public func publishLatest(_ message: MQTTMessage) {
        let wake = shared.locked { shared -> Bool in
            guard shared.stopRequest == nil, shared.counters.isConnected else { return false }
            shared.setLatest(message)
            return shared.wakeIfConnected()
        }
        if wake { poller.wake() }
    }

    /// The counts now.
    public var statistics: MQTTPublisherStatistics {
        shared.locked { $0.statistics }
    }

    /// Waits up to `timeout` seconds for the first connection: true once the broker accepted one, false if the time
    /// ran out with an attempt still under way; throws how the first attempt failed (the publisher keeps trying).
    public func waitUntilConnected(timeout: Double) throws(MQTTError) -> Bool {
        let deadline = ThreadCondition.Deadline(secondsFromNow: timeout)
        let outcome = shared.locked { shared -> Result<Void, MQTTError>? in
            while shared.firstOutcome == nil, !shared.finished {
                guard shared.condition.wait(until: deadline) else { break }
            }
            return shared.firstOutcome
        }
        switch outcome {
        case .success: return true
        case .failure(let error): throw error
        case nil: return false
        }
    }

    /// Stops publishing: lets the queue drain for up to `drainTimeout` seconds while connected, publishes `final`'s
    /// message (built from the statistics, after what could not be sent is counted as dropped) and disconnects
    /// cleanly, so that the broker discards the will. Returns the final statistics. Later calls return them again.
    @discardableResult
    public func stop(
        final: (@Sendable (MQTTPublisherStatistics) -> MQTTMessage)? = nil, drainTimeout: Double = 2
    ) -> MQTTPublisherStatistics {
        let deadline = ContinuousClock.now + .milliseconds(Int64(max(0, drainTimeout) * 1000))
        shared.locked { shared in
            if shared.stopRequest == nil {
                shared.stopRequest = PublisherShared.StopRequest(final: final, deadline: deadline)
            }
        }
        poller.wake()
        return shared.locked { shared in
            while !shared.finished { shared.condition.wait() }
            return shared.statistics
        }
    }

    deinit {
        stop(drainTimeout: 0)
    }
}

extension PublisherShared {
    /// Whether the caller should wake the network thread: connected and no wake-up on its way (call holding the
    /// lock). Marks one as on its way.
    fileprivate func wakeIfConnected() -> Bool {
        guard counters.isConnected, !wakePending else { return false }
        wakePending = true
        return true
    }
}
