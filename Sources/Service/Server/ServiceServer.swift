import Dispatch
import ReadingFormats
import SystemSupport
import TextFormats

#if canImport(Glibc)
import Glibc
#endif

/// The local API of `bodyreadings serve`: a Unix socket on which any number of clients subscribe to readings at
/// their own intervals and ask for availability, status and history, in newline-delimited JSON (`ServiceRequest`
/// in, `ServiceEvent` out; docs/socket-api.md).
///
/// One thread (`br serve io`) accepts connections and reads requests, `poll`ing every socket; updates are sent from
/// the thread that produced them, straight into the socket when it has room (`ClientConnection`): when the feed
/// delivers in batches (the capture's refills), each client's updates of one batch go out in one send at its end,
/// so that a client costs one send and one wake-up per batch rather than per line. A client that
/// does not read never delays the others: its updates wait in its own bounded queue, the oldest dropped first and
/// the drops reported to it (`OutgoingQueue`).
///
/// Thread-safe.
public final class ServiceServer: @unchecked Sendable {
    // @unchecked: `connections`, `stopping` and `nextNumber` are guarded by `lock`, `unflushed` by `batchLock`;
    // `batched` is set once in `init`, before any thread sees the server; the rest is immutable or confined to the
    // server's thread.

    /// How the server listens and what it allows.
    public struct Settings: Sendable {
        /// The socket's path.
        public var path: String
        /// The socket file's permission bits (default 0o660: the owner and the owner's group may connect).
        public var mode: mode_t = 0o660
        /// Updates kept per client that does not read (default 256); beyond, the oldest go first.
        public var queueLimit = 256
        /// Connections served at once (default 1000); more are told so and closed.
        public var maximumClients = 1000
        /// The longest request line, bytes (default 64 KiB); a longer one closes the connection.
        public var maximumRequestLength = 1 << 16
        /// The service's name and version in the `hello` line.
        public var service = "bodyreadings"

        public init(path: String) {
            self.path = path
        }
    }

    /// The settings the server runs with.
    public let settings: Settings
    private let feed: any ReadingsFeed
    private let log: @Sendable (String) -> Void
    private let listener: ListeningSocket
    private let poll: InterruptiblePoll
    private let lock = ThreadLock()
    private var connections: [ClientConnection] = []
    private var nextNumber = 0
    private var stopping: String?
    private let finished = DispatchSemaphore(value: 0)
    private let history = DispatchQueue(label: "bodyreadings.serve.history")
    /// The feed delivers in batches: updates are queued and each batch's end sends them.
    private var batched = false
    private let batchLock = ThreadLock()
    /// The connections with updates queued in the current batch.
    private var unflushed: [ClientConnection] = []

    /// Creates the socket (replacing a stale one) and starts serving on a thread of its own. Throws when the
    /// socket cannot be created: `EADDRINUSE` when another service listens there.
    public init(
        _ settings: Settings, feed: any ReadingsFeed, log: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(ServiceError) {
        self.settings = settings
        self.feed = feed
        self.log = log
        do {
            poll = try InterruptiblePoll()
            listener = try UnixSocket.listen(path: settings.path, mode: settings.mode)
        } catch {
            throw ServiceError(error, path: settings.path)
        }
        batched = feed.observeBatches(begin: {}, end: { [weak self] in self?.flushBatch() })
        NamedThread.start(name: "br serve io") { [self] in
            serve()
            finished.signal()
        }
    }

    /// The number of connected clients.
    public var clientCount: Int { lock.withLock { connections.count } }

    /// Tells every client `{"event":"closing","reason":…}`, gives them up to `drainTimeout` seconds to take what
    /// waits for them, closes every connection and removes the socket. Returns once the server's thread ended.
    /// Idempotent.
    public func stop(reason: String = "the service is stopping", drainTimeout: Double = 1) {
        let first = lock.withLock { () -> Bool in
            defer { if stopping == nil { stopping = reason } }
            return stopping == nil
        }
        guard first else { return }
        poll.wake()
        finished.wait()
        let closing = lock.withLock { connections }
        for connection in closing { connection.deliver(message: ServiceEvent.closingLine(reason: reason)) }
        drain(closing, timeout: drainTimeout)
        for connection in closing { connection.close() }
        lock.withLock { connections = [] }
        unlink(settings.path)
    }

    // MARK: The server's thread

    private func serve() {
        var descriptors: [pollfd] = []
        var watched: [ClientConnection] = []
        var input = [UInt8](repeating: 0, count: 1 << 16)
        while lock.withLock({ stopping == nil }) {
            watched.removeAll(keepingCapacity: true)
            lock.withLock { watched.append(contentsOf: connections) }
            descriptors.removeAll(keepingCapacity: true)
            descriptors.append(pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0))
            for connection in watched {
                let events = Int16(POLLIN) | (connection.isWaitingToWrite ? Int16(POLLOUT) : 0)
                descriptors.append(pollfd(fd: connection.descriptor, events: events, revents: 0))
            }
            _ = poll.wait(on: &descriptors, timeout: -1)
            if descriptors[0].revents & Int16(POLLIN) != 0 { acceptWaiting() }
            for (index, connection) in watched.enumerated() {
                let events = descriptors[index + 1].revents
                guard events != 0 else { continue }
                var alive = true
                if events & Int16(POLLOUT) != 0 { alive = connection.writable() }
                if alive, events & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                    alive = receive(from: connection, buffer: &input)
                }
                if !alive { disconnect(connection) }
            }
        }
    }

    /// Why a client beyond `maximumClients` is closed, in the `closing` line it gets instead of a hello.
    static func fullReason(_ maximumClients: Int) -> String {
        "the service is full (\(maximumClients) client\(maximumClients == 1 ? "" : "s"))"
    }

    private func acceptWaiting() {
        while true {
            let descriptor: Int32?
            do {
                descriptor = try listener.accept()?.descriptor
            } catch {
                log("serve: cannot accept clients any more: \(error.reason)")
                return
            }
            guard let descriptor else { return }
            let (connection, full) = lock.withLock { () -> (ClientConnection, Bool) in
                nextNumber += 1
                let poll = self.poll
                let connection = ClientConnection(
                    number: nextNumber, descriptor: descriptor, queueLimit: settings.queueLimit,
                    needsWrite: { poll.wake() })
                let full = connections.count >= settings.maximumClients
                if !full { connections.append(connection) }
                return (connection, full)
            }
            if full {
                connection.deliver(message: ServiceEvent.closingLine(reason: Self.fullReason(settings.maximumClients)))
                connection.close()
                continue
            }
            connection.deliver(
                message: ServiceEvent.helloLine(service: settings.service, availability: feed.availability))
        }
    }

    /// Reads what the client sent and answers each complete request; false when the connection ended.
    private func receive(from connection: ClientConnection, buffer: inout [UInt8]) -> Bool {
        while true {
            let count: Int?
            do {
                count = try buffer.withUnsafeMutableBytes { raw throws(SystemError) in
                    try SystemCall.receive(connection.descriptor, into: raw)
                }
            } catch {
                return false
            }
            guard let count else { return true }
            if count == 0 { return false }
            var start = connection.pendingInput.count
            connection.pendingInput.append(contentsOf: buffer[0..<count])
            while let newline = connection.pendingInput[start...].firstIndex(of: 0x0A) {
                guard newline <= settings.maximumRequestLength else { return refuseLongRequest(connection) }
                let line = Array(connection.pendingInput[..<newline])
                connection.pendingInput.removeFirst(newline + 1)
                start = 0
                handle(line, from: connection)
            }
            if connection.pendingInput.count > settings.maximumRequestLength { return refuseLongRequest(connection) }
        }
    }

    /// Tells the client its request line is too long; the connection then ends (false).
    private func refuseLongRequest(_ connection: ClientConnection) -> Bool {
        connection.deliver(
            message: ServiceEvent.replyLine(
                op: "error", id: nil, error: "a request line is longer than \(settings.maximumRequestLength) bytes"))
        return false
    }

    private func disconnect(_ connection: ClientConnection) {
        let dropped = connection.dropped
        connection.close()
        lock.withLock { connections.removeAll { $0 === connection } }
        log("serve: client \(connection.number) disconnected\(dropped > 0 ? " (\(dropped) updates dropped)" : "")")
    }

    // MARK: Requests

    private func handle(_ line: [UInt8], from connection: ClientConnection) {
        guard line.contains(where: { $0 != 0x20 && $0 != 0x0D && $0 != 0x09 }) else { return }
        let request: ServiceRequest
        do {
            request = try ServiceRequest.parse(line)
        } catch {
            connection.deliver(message: ServiceEvent.replyLine(op: "error", id: nil, error: error.message))
            return
        }
        let id = request.id
        switch request.operation {
        case .subscribe(let reading, let interval, let everySample):
            subscribe(connection, reading, interval: interval, everySample: everySample, id: id)
        case .unsubscribe(let reading):
            if let old = connection.set(nil, for: reading) {
                old.cancel()
                connection.deliver(
                    message: ServiceEvent.replyLine(op: "unsubscribe", id: id, [("reading", .string(reading.name))]))
            } else {
                connection.deliver(
                    message: ServiceEvent.replyLine(
                        op: "unsubscribe", id: id, error: "not subscribed to \(reading.name)",
                        [("reading", .string(reading.name))]))
            }
        case .available:
            var fields: [(String, JSONValue)] = []
            if case .object(let members) = feed.availability.json { fields = members }
            connection.deliver(message: ServiceEvent.replyLine(op: "available", id: id, fields))
        case .status:
            connection.deliver(message: ServiceEvent.replyLine(op: "status", id: id, status(for: connection)))
        case .history(let query):
            let feed = self.feed
            history.async {
                let reply: [UInt8]
                do throws(ServiceProtocolError) {
                    reply = ServiceEvent.replyLine(op: "history", id: id, try feed.history(query))
                } catch {
                    reply = ServiceEvent.replyLine(op: "history", id: id, error: error.message)
                }
                connection.deliver(message: reply)
            }
        }
    }

    private func subscribe(
        _ connection: ClientConnection, _ reading: ServiceReading, interval: Double, everySample: Bool, id: JSONValue?
    ) {
        let fields: [(String, JSONValue)] = [
            ("reading", .string(reading.name)), ("interval", .number(interval)),
        ]
        guard feed.availability.isAvailable(reading) else {
            let reason = feed.availability.unavailable[reading] ?? "not available"
            connection.deliver(
                message: ServiceEvent.replyLine(op: "subscribe", id: id, error: "\(reading.name): \(reason)", fields))
            return
        }
        // The reply goes first, so that it comes before the first update; a previous subscription to the same
        // reading ends before the new one starts, so that no update comes twice.
        connection.deliver(message: ServiceEvent.replyLine(op: "subscribe", id: id, fields))
        connection.set(nil, for: reading)?.cancel()
        let batched = self.batched
        let subscription = feed.subscribe(
            reading, interval: interval, everySample: everySample,
            deliver: { [weak self, weak connection] line in
                guard let connection else { return }
                guard batched else { return connection.deliver(update: line) }
                if connection.queue(update: line) { self?.owesFlush(connection) }
            },
            notice: { [weak connection] line in connection?.deliver(message: line) },
            end: { [weak connection] error in
                connection?.deliver(message: ServiceEvent.endedLine(reading, error: error))
            })
        guard let subscription else { return }
        _ = connection.set(subscription, for: reading)
        // A connection closed meanwhile has ended its subscriptions already: end this one too.
        if !connection.isOpen { subscription.cancel() }
    }

    // MARK: Batches

    /// `connection` has updates queued in the current batch.
    private func owesFlush(_ connection: ClientConnection) {
        batchLock.withLock { unflushed.append(connection) }
    }

    /// The end of a batch: every connection sends what it queued.
    private func flushBatch() {
        let due = batchLock.withLock { () -> [ClientConnection] in
            defer { unflushed.removeAll(keepingCapacity: true) }
            return unflushed
        }
        for connection in due { connection.flush() }
    }

    private func status(for connection: ClientConnection) -> [(String, JSONValue)] {
        [
            ("clients", .number(Double(clientCount))),
            ("capture_interval", .number(feed.captureInterval)),
            ("subscriptions", .array(connection.subscribed.map(\.name).sorted().map(JSONValue.string))),
            ("dropped", .number(Double(connection.dropped))),
            ("waiting", .number(Double(connection.waiting))),
        ] + feed.statusMembers
    }

    /// Sends what waits for `closing` until every queue is empty or `timeout` seconds passed.
    private func drain(_ closing: [ClientConnection], timeout: Double) {
        let deadline = MonotonicClock.now() + timeout
        var descriptors: [pollfd] = []
        while MonotonicClock.now() < deadline {
            let waiting = closing.filter(\.isWaitingToWrite)
            if waiting.isEmpty { return }
            descriptors = waiting.map { pollfd(fd: $0.descriptor, events: Int16(POLLOUT), revents: 0) }
            _ = poll.wait(on: &descriptors, timeout: max(0, deadline - MonotonicClock.now()))
            for (index, connection) in waiting.enumerated() where descriptors[index].revents != 0 {
                if !connection.writable() { connection.close() }
            }
        }
    }
}
