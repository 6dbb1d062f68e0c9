import SystemSupport

/// The sending end of one client's Server-Sent Events stream (``HTTPReply/eventStream(headers:open:)``).
///
/// ``send(_:)`` never blocks and may be called from any thread (a sensor's delivery thread): the event is encoded on
/// the caller's thread and queued, and the server's thread writes it when the client's socket has room. While a
/// client is slower than its events, at most ``HTTPServer/Configuration/eventQueueCapacity`` wait; beyond that the
/// oldest are dropped, and before the next event the client receives
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

    init(capacity: Int, signals: StreamSignals) {
        queue = EventQueue(capacity: capacity)
        self.signals = signals
    }

    /// Queues `event` for the client; ignored once the stream is closed.
    public func send(_ event: ServerSentEvent) {
        send(encoded: event.encoded)
    }

    /// Queues bytes already in the event-stream format (one or more whole events or comments, e.g. a
    /// ``ServerSentEvent/encoded`` shared by many streams); ignored once the stream is closed.
    public func send(encoded bytes: [UInt8]) {
        let wake: Bool = lock.withLock {
            guard !ended && !producerClosed else { return false }
            if queue.append(bytes) {
                droppedTotal += 1
                droppedUnreported += 1
            }
            defer { signalled = true }
            return !signalled
        }
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

    /// Takes queued events up to about `maxBytes` (at least one, however long); later sends signal again.
    func take(maxBytes: Int) -> Batch {
        lock.withLock {
            signalled = false
            var batch = Batch()
            if droppedUnreported > 0 {
                batch.bytes =
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

    /// Marks the connection ended and runs the close handlers (on the calling thread, the server's).
    func end() {
        let handlers: [@Sendable () -> Void] = lock.withLock {
            guard !ended else { return [] }
            ended = true
            queue.removeAll()
            defer { closeHandlers = [] }
            return closeHandlers
        }
        for handler in handlers { handler() }
    }
}
