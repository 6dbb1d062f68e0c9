import SystemSupport

/// The sending end of one client's Server-Sent Events stream (``HTTPReply/eventStream(headers:open:)``).
///
/// ``send(_:)`` never blocks and may be called from any thread (a sensor's delivery thread): the event is encoded on
/// the caller's thread and, while nothing waits before it and the client's socket has room, written at once on that
/// thread (one non-blocking `send`, no wake-up of the server's thread: for a service streaming to many browsers
/// that wake-up cost more than the send); otherwise it is queued, and the server's thread writes it when the socket
/// has room. While a client is slower than its events, at most ``HTTPServer/Configuration/eventQueueCapacity``
/// wait; beyond that the oldest are dropped, and before the next event the client receives
/// `event: dropped` / `data: {"dropped":N,"total":T}` (N since the last notice, T since the stream began), so that a
/// slow client never holds up the others and knows what it missed.
///
/// ```swift
/// .eventStream { stream in
///     let subscription = source.subscribe { value in stream.send(ServerSentEvent(event: "motion", data: value)) }
///     stream.onClose { subscription.cancel() }
/// }
/// ```
public final class EventStream: @unchecked Sendable {
    // @unchecked: every mutable property is only touched while holding `lock`.
    private let lock = ThreadLock()
    private var queue: EventQueue
    private var droppedTotal = 0
    private var droppedUnreported = 0
    /// ``close()`` was called: queued events are still written, then the connection closes.
    private var producerClosed = false
    /// The connection ended (client gone, server stopped, or closed after ``close()``).
    private var ended = false
    /// Whether the server's thread has been told that events wait since it last took them.
    private var signalled = false
    private var closeHandlers: [@Sendable () -> Void] = []
    private let signals: StreamSignals
    /// The client's socket while `send` may write to it itself: set by the server's thread when nothing of the
    /// stream waits (its output written, the queue empty), taken back before that thread writes anything else.
    private var directSocket: Int32?
    /// The rest of an event that the socket took only in part (or not at all) on the sender's thread: written first
    /// by the server's thread, never dropped (the client has its beginning).
    private var partial: [UInt8] = []
    /// When `send` last wrote to the socket itself (monotonic seconds): the server's keep-alive comments fill
    /// silences, not the time since its own last write.
    private var lastDirectWrite = -Double.infinity
    /// Counts events written on the sender's thread into the server's statistics.
    private let countSent: @Sendable (Int) -> Void

    init(capacity: Int, signals: StreamSignals, countSent: @escaping @Sendable (Int) -> Void = { _ in }) {
        queue = EventQueue(capacity: capacity)
        self.signals = signals
        self.countSent = countSent
    }

    /// Queues `event` for the client; ignored once the stream is closed.
    public func send(_ event: ServerSentEvent) {
        send(encoded: event.encoded)
    }

    /// Queues bytes already in the event-stream format (one or more whole events or comments, e.g. a
    /// ``ServerSentEvent/encoded`` shared by many streams); ignored once the stream is closed.
    public func send(encoded bytes: [UInt8]) {
        let (wake, sent): (Bool, Bool) = lock.withLock {
            guard !ended && !producerClosed else { return (false, false) }
            if let socket = directSocket {
                // Under the lock: the server's thread closes the socket only after `end()`, which waits for it.
                let count = bytes.withUnsafeBytes { (try? SystemCall.send(socket, $0)) ?? 0 }
                if count == bytes.count {
                    lastDirectWrite = MonotonicClock.now()
                    return (false, true)
                }
                // Full (or failed: the server's own write then finds the error and closes): the rest and everything
                // after it go through the server's thread.
                directSocket = nil
                partial = Array(bytes[count...])
            } else if queue.append(bytes) {
                droppedTotal += 1
                droppedUnreported += 1
            }
            defer { signalled = true }
            return (!signalled, false)
        }
        if sent { countSent(1) }
        if wake { signals.signal(self) }
    }

    /// Ends the stream from the producer's side: what is queued is written, then the connection closes.
    public func close() {
        let wake: Bool = lock.withLock {
            guard !ended && !producerClosed else { return false }
            producerClosed = true
            defer { signalled = true }
            return !signalled
        }
        if wake { signals.signal(self) }
    }

    /// Whether events sent now can still reach the client.
    public var isOpen: Bool {
        lock.withLock { !ended && !producerClosed }
    }

    /// Events dropped so far because the client was too slow.
    public var droppedEventCount: Int {
        lock.withLock { droppedTotal }
    }

    /// Runs `handler` once when the connection ends, on the server's thread (at once, on the caller's, when it has
    /// ended already): the place to cancel the subscription that feeds the stream.
    public func onClose(_ handler: @escaping @Sendable () -> Void) {
        let runNow: Bool = lock.withLock {
            if ended { return true }
            closeHandlers.append(handler)
            return false
        }
        if runNow { handler() }
    }

    // MARK: The server's side

    /// What ``take(maxBytes:)`` hands the server's thread.
    struct Batch {
        /// Whole events (and a drop notice first, when events were dropped), ready to write.
        var bytes: [UInt8] = []
        /// Events in `bytes`, the notice not counted.
        var events = 0
        /// Events dropped since the previous batch.
        var dropped = 0
        /// Whether events stay queued because they did not fit.
        var remaining = false
        /// Whether the producer closed the stream.
        var producerClosed = false
    }

    /// Takes queued events up to about `maxBytes` (at least one, however long), after the rest of a partly written
    /// one; later sends signal again.
    func take(maxBytes: Int) -> Batch {
        lock.withLock {
            signalled = false
            var batch = Batch()
            if !partial.isEmpty {
                batch.bytes = partial
                batch.events = 1
                partial = []
            }
            if droppedUnreported > 0 {
                batch.bytes +=
                    ServerSentEvent(
                        event: "dropped", data: "{\"dropped\":\(droppedUnreported),\"total\":\(droppedTotal)}"
                    ).encoded
                batch.dropped = droppedUnreported
                droppedUnreported = 0
            }
            while let size = queue.firstSize, batch.events == 0 || batch.bytes.count + size <= maxBytes,
                let event = queue.popFirst()
            {
                batch.bytes += event
                batch.events += 1
            }
            batch.remaining = queue.count > 0
            batch.producerClosed = producerClosed
            return batch
        }
    }

    /// Lets `send` write to `socket` itself until ``revokeDirectSending()``, if nothing of the stream waits (the
    /// caller, the server's thread, has written all it had for the connection). Returns whether it may.
    @discardableResult
    func allowDirectSending(on socket: Int32) -> Bool {
        lock.withLock {
            guard !ended, !producerClosed, queue.count == 0, partial.isEmpty, droppedUnreported == 0 else {
                return false
            }
            directSocket = socket
            return true
        }
    }

    /// From now on events are queued for the server's thread (which is about to write to the socket itself); a
    /// `send` writing at this moment finishes first.
    func revokeDirectSending() {
        lock.withLock { directSocket = nil }
    }

    /// When `send` last wrote to the socket itself, monotonic seconds (−∞: never).
    var lastDirectWriteTime: Double {
        lock.withLock { lastDirectWrite }
    }

    /// Marks the connection ended and runs the close handlers (on the calling thread, the server's). After it
    /// returns no `send` touches the socket: the server's thread may close it.
    func end() {
        let handlers: [@Sendable () -> Void] = lock.withLock {
            guard !ended else { return [] }
            ended = true
            directSocket = nil
            partial = []
            queue.removeAll()
            defer { closeHandlers = [] }
            return closeHandlers
        }
        for handler in handlers { handler() }
    }
}
