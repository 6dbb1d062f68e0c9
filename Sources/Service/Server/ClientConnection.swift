import ReadingFormats
import SystemSupport

#if canImport(Glibc)
import Glibc
#endif

/// One client of the socket server: its descriptor, the lines waiting for it (`OutgoingQueue`), the request bytes
/// it sent that do not yet form a line, and its subscriptions.
///
/// Updates arrive on the capture thread (`deliver`, or `queue` and `flush` when the feed delivers in batches),
/// requests and write readiness on the server's thread. Sending never blocks: what waits goes out in one `send`
/// when the socket has room; otherwise it waits in the queue and the server's thread sends it when the socket is
/// writable again. Thread-safe.
final class ClientConnection: @unchecked Sendable {
    // @unchecked: `queue`, `open`, `wantsWrite`, `queuedSinceFlush`, `sendBuffer` and `subscriptions` are guarded
    // by `lock`; `pendingInput` is only touched on the server's thread.

    /// A number for logs, unique within the server.
    let number: Int
    /// The socket.
    let descriptor: Int32
    private let lock = ThreadLock()
    private var queue: OutgoingQueue
    private var open = true
    private var wantsWrite = false
    private var queuedSinceFlush = false
    /// The lines of one send, gathered (reused from send to send).
    private var sendBuffer: [UInt8] = []
    /// The most one send gathers, bytes.
    private static let sendLimit = 1 << 16
    private var subscriptions: [ServiceReading: FeedSubscription] = [:]
    /// Called (outside the lock) when lines wait for the socket to become writable: the server adds POLLOUT.
    private let needsWrite: @Sendable () -> Void
    /// Bytes received after the last newline (server thread only).
    var pendingInput: [UInt8] = []

    init(number: Int, descriptor: Int32, queueLimit: Int, needsWrite: @escaping @Sendable () -> Void) {
        self.number = number
        self.descriptor = descriptor
        self.queue = OutgoingQueue(limit: queueLimit)
        self.needsWrite = needsWrite
    }

    /// Queues an update (dropped first when the client falls behind) and sends what the socket takes.
    func deliver(update line: [UInt8]) {
        enqueue { $0.append(update: line) }
    }

    /// Queues a reply or notice (never dropped) and sends what the socket takes.
    func deliver(message line: [UInt8]) {
        enqueue { $0.append(message: line) }
    }

    /// Queues an update (dropped first when the client falls behind) without sending it: `flush()` sends the
    /// batch. True for the first update since the last flush (the caller then owes this connection a flush).
    func queue(update line: [UInt8]) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard open else { return false }
        queue.append(update: line)
        defer { queuedSinceFlush = true }
        return !queuedSinceFlush
    }

    /// Sends what the socket takes of the queued updates, in one send when it has room.
    func flush() {
        enqueue { _ in }
    }

    /// True while lines wait for the socket to become writable.
    var isWaitingToWrite: Bool { lock.withLock { open && wantsWrite } }

    /// True until `close()`.
    var isOpen: Bool { lock.withLock { open } }

    /// Updates dropped for this client so far.
    var dropped: Int { lock.withLock { queue.dropped } }

    /// Lines waiting (for status).
    var waiting: Int { lock.withLock { queue.count } }

    /// The socket is writable: sends what waits. Returns false when the connection failed (closed by the peer).
    func writable() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard open else { return false }
        guard sendLocked() else { return false }
        if queue.isEmpty { wantsWrite = false }
        return true
    }

    /// Replaces (or adds) the subscription to its reading; returns the one it replaced.
    func set(_ subscription: FeedSubscription?, for reading: ServiceReading) -> FeedSubscription? {
        lock.withLock {
            let old = subscriptions[reading]
            subscriptions[reading] = subscription
            return old
        }
    }

    /// The readings subscribed to.
    var subscribed: [ServiceReading] { lock.withLock { Array(subscriptions.keys) } }

    /// Ends every subscription, stops delivering and closes the socket. Idempotent.
    func close() {
        lock.lock()
        guard open else {
            lock.unlock()
            return
        }
        open = false
        let ending = Array(subscriptions.values)
        subscriptions = [:]
        try? SystemCall.close(descriptor)
        lock.unlock()
        for subscription in ending { subscription.cancel() }
    }

    // MARK: Internals

    private func enqueue(_ add: (inout OutgoingQueue) -> Void) {
        lock.lock()
        guard open else {
            lock.unlock()
            return
        }
        add(&queue)
        queuedSinceFlush = false
        var wake = false
        if !wantsWrite {
            if !sendLocked() {
                // Failed: the server's thread sees the hang-up and closes the connection.
                wantsWrite = true
                wake = true
            } else if !queue.isEmpty {
                wantsWrite = true
                wake = true
            }
        }
        lock.unlock()
        if wake { needsWrite() }
    }

    /// Sends from the queue, every waiting line gathered into one send, until it is empty or the socket is full;
    /// false when the socket failed.
    private func sendLocked() -> Bool {
        defer { sendBuffer.removeAll(keepingCapacity: sendBuffer.capacity <= Self.sendLimit * 2) }
        while true {
            sendBuffer.removeAll(keepingCapacity: true)
            guard queue.gather(into: &sendBuffer, limit: Self.sendLimit) else { return true }
            let count: Int?
            do {
                count = try sendBuffer.withUnsafeBytes { raw throws(SystemError) in
                    try SystemCall.send(descriptor, raw)
                }
            } catch {
                return false
            }
            guard let count else { return true }
            queue.sent(count)
        }
    }
}
