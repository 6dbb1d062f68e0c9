/// One client connection, owned by the server's thread: its parser, the bytes waiting to be sent, and where it is
/// in its life.
final class HTTPConnection {
    /// Where the connection is.
    enum Phase {
        /// Reading requests and answering them.
        case requests
        /// Writing a Server-Sent Events stream; input is only read to notice the client leaving.
        case streaming(EventStream)
        /// Writing the last response; then the sending side is shut down.
        case closing
        /// Sending side shut down; reading and discarding until the client closes or `until` passes, so that the
        /// kernel does not reset the connection (and destroy the response) over unread request bytes.
        case lingering(until: Double)
    }

    let descriptor: Int32
    var parser: HTTPRequestParser
    var phase = Phase.requests
    /// Bytes to send, from `outputStart`.
    private(set) var output: [UInt8] = []
    private(set) var outputStart = 0
    /// When the current request's first byte arrived; nil between requests.
    var requestStarted: Double?
    /// When the connection last finished a request (or was accepted): the start of its idle time.
    var idleSince: Double
    /// When bytes were last sent, or output was queued onto an empty buffer.
    var lastWriteProgress: Double
    /// When the event stream last wrote something: keep-alive comments fill silences.
    var lastStreamWrite: Double
    /// Whether the stream holds events that did not fit into the output.
    var backlogged = false
    /// Whether the client closed its sending side.
    var peerClosed = false

    init(descriptor: Int32, limits: HTTPLimits, now: Double) {
        self.descriptor = descriptor
        parser = HTTPRequestParser(limits: limits)
        idleSince = now
        lastWriteProgress = now
        lastStreamWrite = now
    }

    /// Bytes queued and not sent yet.
    var pendingOutput: Int { output.count - outputStart }

    /// Queues `bytes` for sending.
    func queue(_ bytes: [UInt8], now: Double) {
        if pendingOutput == 0 { lastWriteProgress = now }
        output += bytes
    }

    /// Marks `count` queued bytes as sent.
    func sent(_ count: Int, now: Double) {
        outputStart += count
        lastWriteProgress = now
        if outputStart == output.count {
            output.removeAll(keepingCapacity: output.capacity <= 1 << 16)
            outputStart = 0
        }
    }

    /// Calls `body` with the unsent bytes.
    func withPendingOutput<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        output.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[outputStart...])) }
    }

    var stream: EventStream? {
        if case .streaming(let stream) = phase { return stream }
        return nil
    }
}
