import SystemSupport

/// The network thread of an ``MQTTPublisher``: connects, moves bytes, hands queued messages to libmosquitto, keeps
/// the unacknowledged ones, reconnects with back-off, and on stop drains and disconnects.
///
/// Everything here runs on that one thread; what it shares with callers is in ``PublisherShared``.
final class NetworkLoop: @unchecked Sendable {
    // @unchecked: handed once to the thread it runs on and used only there.

    private typealias Instant = ContinuousClock.Instant

    private let configuration: MQTTPublisher.Configuration
    private let shared: PublisherShared
    private let poller: InterruptiblePoll
    private let events: @Sendable (MQTTPublisherEvent) -> Void

    /// The current connection's client; nil between connections.
    private var client: MQTTClient?
    /// Until when the broker may take to accept the connection under way; nil once accepted.
    private var handshakeDeadline: Instant?
    /// Messages handed to `client`, oldest first, until delivered.
    private var inFlight: [(id: MQTTMessageID, message: MQTTMessage)] = []
    /// Failed attempts since the last accepted connection.
    private var failures = 0
    private var nextAttempt = ContinuousClock.now
    private var reportedDrops = 0
    private var lastDropReport = ContinuousClock.now
    private var random = SystemRandomNumberGenerator()
    /// Set while stopping: a connection that ends then is neither reported nor retried.
    private var stopping = false
    /// The final message's id while its acknowledgement is awaited, and whether it came.
    private var finalID: MQTTMessageID?
    private var finalDelivered = false

    /// Keep-alive checks (`mosquitto_loop_misc`) at least this often.
    private static let maintenancePeriod = 1.0

    init(
        configuration: MQTTPublisher.Configuration, shared: PublisherShared, poller: InterruptiblePoll,
        events: @escaping @Sendable (MQTTPublisherEvent) -> Void
    ) {
        self.configuration = configuration
        self.shared = shared
        self.poller = poller
        self.events = events
    }

    private var isConnected: Bool { client != nil && handshakeDeadline == nil }

    /// Runs until a stop request is handled.
    func run() {
        while true {
            if let stop = shared.locked({ $0.stopRequest }) {
                finish(stop)
                return
            }
            if client == nil, ContinuousClock.now >= nextAttempt { connect() }
            if isConnected { send() }
            reportDrops()
            serviceSocket(until: nil)
        }
    }

    // MARK: Connection

    /// Starts an attempt with a fresh client, so that no message of an earlier connection lingers in libmosquitto.
    private func connect() {
        do throws(MQTTError) {
            let client = try MQTTClient(id: configuration.clientID)
            if let username = configuration.username {
                try client.setCredentials(username: username, password: configuration.password)
            }
            if let tls = configuration.tls { try client.setTLS(tls) }
            if let will = configuration.will { try client.setWill(will) }
            try client.setMaximumInFlight(configuration.inFlightWindow)
            self.client = client
            handshakeDeadline = ContinuousClock.now + seconds(configuration.handshakeTimeout)
            try client.connect(host: configuration.host, port: configuration.port, keepAlive: configuration.keepAlive)
        } catch {
            connectionEnded(error)
        }
    }

    /// Handles the broker's CONNACK: the connection counts, the birth messages go first.
    private func accepted() {
        handshakeDeadline = nil
        failures = 0
        let statistics = shared.locked { shared -> MQTTPublisherStatistics in
            shared.counters.connections += 1
            shared.counters.isConnected = true
            if shared.firstOutcome == nil { shared.firstOutcome = .success(()) }
            shared.condition.broadcast()
            return shared.statistics
        }
        events(.connected(reconnection: statistics.connections > 1))
        for message in configuration.onConnect(statistics) {
            do throws(MQTTError) {
                try client?.publish(message)
            } catch {
                events(.rejected(error))
            }
        }
    }

    /// Ends the current connection or attempt after `error`: unacknowledged QoS 1 messages go back to the queue,
    /// unwritten QoS 0 ones are dropped, and the next attempt is scheduled.
    private func connectionEnded(_ error: MQTTError) {
        if let client { record(client.takeEvents()) }
        let wasConnected = isConnected
        client = nil
        handshakeDeadline = nil
        guard !stopping else { return }
        let returned = inFlight.map(\.message)
        inFlight.removeAll()
        failures += 1
        let delay = configuration.backOff.delay(
            afterFailures: failures, random: Double.random(in: 0...1, using: &random))
        nextAttempt = ContinuousClock.now + seconds(delay)
        shared.locked { shared in
            shared.requeue(returned.filter { $0.qos == .atLeastOnce })
            shared.counters.dropped += returned.count { $0.qos == .atMostOnce }
            shared.inFlight = 0
            shared.counters.isConnected = false
            if shared.firstOutcome == nil { shared.firstOutcome = .failure(error) }
            shared.condition.broadcast()
        }
        events(wasConnected ? .connectionLost(error) : .connectionFailed(error, retryIn: delay))
    }

    // MARK: Sending

    /// Hands the latest-value messages and then queued ones to libmosquitto, up to the in-flight window.
    private func send() {
        guard let client else { return }
        let (latest, batch) = shared.locked { shared in
            shared.wakePending = false
            return (shared.takeLatest(), shared.dequeue(upTo: configuration.inFlightWindow - inFlight.count))
        }
        do throws(MQTTError) {
            for message in latest { try client.publish(message) }
            for (index, message) in batch.enumerated() {
                do throws(MQTTError) {
                    inFlight.append((try client.publish(message), message))
                } catch where error.failure == .invalidArgument || error.failure == .payloadTooLarge {
                    shared.locked { $0.counters.rejected += 1 }
                    events(.rejected(error))
                } catch {
                    shared.locked { $0.requeue(Array(batch[index...])) }
                    throw error
                }
            }
            let count = inFlight.count
            shared.locked { $0.inFlight = count }
        } catch {
            connectionEnded(error)
        }
    }

    /// Books the client's events: acceptance, deliveries.
    private func record(_ clientEvents: [MQTTClientEvent]) {
        var delivered = 0
        for event in clientEvents {
            switch event {
            case .connected:
                accepted()
            case .delivered(let id) where id == finalID:
                finalDelivered = true
            case .delivered(let id):
                if let index = inFlight.firstIndex(where: { $0.id == id }) {
                    inFlight.remove(at: index)
                    delivered += 1
                }
            case .refused, .disconnected:
                break  // the failing call reports these as its error
            }
        }
        guard delivered > 0 else { return }
        let count = inFlight.count
        shared.locked { shared in
            shared.counters.delivered += delivered
            shared.inFlight = count
        }
    }

    /// Reports drops since the last report, at most once a second unless `now`.
    private func reportDrops(now immediately: Bool = false) {
        let now = ContinuousClock.now
        guard immediately || now >= lastDropReport + .seconds(1) else { return }
        let total = shared.locked { $0.counters.dropped }
        guard total > reportedDrops else { return }
        events(.dropped(count: total - reportedDrops, total: total))
        reportedDrops = total
        lastDropReport = now
    }

    // MARK: Socket

    /// Waits for the socket, a wake-up, the handshake deadline, the next attempt or the next keep-alive check (or
    /// `deadline`, if earlier), then reads, writes and maintains the connection.
    private func serviceSocket(until deadline: Instant?) {
        let now = ContinuousClock.now
        var wakeAt = now + seconds(Self.maintenancePeriod)
        if client == nil { wakeAt = min(wakeAt, nextAttempt) }
        if let handshakeDeadline { wakeAt = min(wakeAt, handshakeDeadline) }
        if let deadline { wakeAt = min(wakeAt, deadline) }
        let timeout = max(0, interval(now.duration(to: wakeAt)))
        let socket = client?.socket
        let (ready, _) = poller.wait(for: socket, writable: client?.wantsWrite ?? false, timeout: timeout)
        guard let client else { return }
        do throws(MQTTError) {
            if !ready.isDisjoint(with: [.readable, .hangUp, .error]) { try client.read() }
            if ready.contains(.writable), client.socket != nil { try client.write() }
            if client.socket != nil { try client.maintain() }
            record(client.takeEvents())
            if client.socket == nil {
                throw client.error("mosquitto_loop_read", .connectionLost)
            }
            if !ready.isDisjoint(with: [.hangUp, .error]) {
                // libmosquitto's TLS path can leave a refused connection readable and silent: end it here.
                throw client.error("poll", handshakeDeadline == nil ? .connectionLost : client.socketFailure)
            }
            if let handshakeDeadline, ContinuousClock.now >= handshakeDeadline {
                throw client.error("CONNACK", .timedOut)
            }
        } catch {
            connectionEnded(error)
        }
    }

    // MARK: Stopping

    /// Drains the queue while connected and time allows, publishes the final message, disconnects cleanly.
    private func finish(_ stop: PublisherShared.StopRequest) {
        while isConnected, ContinuousClock.now < stop.deadline,
            !(inFlight.isEmpty && shared.locked({ $0.queue.isEmpty }))
        {
            send()
            serviceSocket(until: stop.deadline)
        }
        let statistics = shared.locked { shared -> MQTTPublisherStatistics in
            shared.dropQueued()
            shared.counters.dropped += inFlight.count
            shared.inFlight = 0
            return shared.statistics
        }
        inFlight.removeAll()
        reportDrops(now: true)
        stopping = true
        if isConnected, let client {
            disconnect(client, final: stop.final.map { $0(statistics) })
        }
        client = nil
        shared.locked { shared in
            shared.counters.isConnected = false
            if shared.firstOutcome == nil {
                shared.firstOutcome = .failure(MQTTError(operation: "stop", failure: .notConnected))
            }
            shared.finished = true
            shared.condition.broadcast()
        }
    }

    /// Publishes `final`, waits (up to a second) for its acknowledgement, then sends DISCONNECT.
    private func disconnect(_ client: MQTTClient, final: MQTTMessage?) {
        let grace = ContinuousClock.now + .seconds(1)
        do throws(MQTTError) {
            if let final {
                finalID = try client.publish(final)
                while !finalDelivered, self.client != nil, ContinuousClock.now < grace {
                    serviceSocket(until: grace)
                }
            }
            try client.disconnect()
            while self.client != nil, client.wantsWrite, ContinuousClock.now < grace {
                serviceSocket(until: grace)
            }
        } catch {
            // The connection is going anyway; the broker publishes the will if the DISCONNECT did not reach it.
        }
    }

    // MARK: Time

    private func seconds(_ value: Double) -> Duration {
        .nanoseconds(Int64(max(0, min(value, 1e9)) * 1e9))
    }

    private func interval(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
