import SystemSupport

/// An HTTP/1.1 server on one TCP address: requests parsed with limits (``HTTPLimits``), answered by an
/// ``HTTPRouter``, Server-Sent Events streamed (``EventStream``), bearer-token authentication off loopback.
///
/// ```swift
/// var router = HTTPRouter()
/// router.add(.get, "/hello") { _ in .response(.text("hello")) }
/// let server = try HTTPServer(configuration: .init(address: HTTPListenAddress("127.0.0.1:8080")!), router: router)
/// server.start()
/// …
/// server.stop()
/// ```
///
/// **Thread model: one thread, one `poll` loop.** The server is made for ~100 clients that mostly hold event streams
/// open and receive small events 1–100 times a second, on boards with one or two cores, within 10 % of a core.
/// A thread per connection would spend 100 stacks (8 MB of address space each) and a context switch per event;
/// Swift concurrency would hand every socket read and write to a cooperative pool that must not block, through
/// continuations and allocations per event. One thread polling non-blocking sockets does one `poll` per batch of
/// events, keeps each connection's state in plain values that no other thread touches (no locks on the request
/// path), and cannot be stalled by a client: it never waits on one socket. Other threads only hand it events:
/// ``EventStream/send(_:)`` encodes on the caller's thread, queues under the stream's lock and wakes the loop
/// through a self-pipe once per batch. The cost is that handlers run on that thread and must return quickly
/// (a store query of a few milliseconds is fine; waiting for a sensor is not: subscribe and stream instead).
///
/// Protections: a request must arrive whole within ``Configuration/requestTimeout`` (408), an idle keep-alive
/// connection is closed after ``Configuration/idleTimeout``, output a client does not take for
/// ``Configuration/writeTimeout`` closes its connection, and beyond ``Configuration/maximumConnections`` a new
/// connection is answered 503 and closed (slow loris); oversized or malformed requests are refused by
/// ``HTTPRequestParser``. Responses are written without `SIGPIPE`.
public final class HTTPServer: Sendable {
    /// The configuration it was created with.
    public let configuration: Configuration
    /// The bound address; its port is the kernel's choice when the configuration asked for port 0.
    public let address: HTTPListenAddress
    private let loop: ServerLoop
    private let shared: ServerShared
    private let poll: InterruptiblePoll
    private let state = ThreadLockedState()

    /// Binds and listens (so that a taken port is an error here, not later); serves once ``start()`` is called.
    /// Throws ``HTTPServerError/tokenRequired(address:)`` for an address other than loopback without a token.
    public init(configuration: Configuration, router: HTTPRouter) throws(HTTPServerError) {
        let requested = configuration.address
        guard requested.isLoopback || configuration.token != nil else {
            throw .tokenRequired(address: requested.description)
        }
        let listener: ListeningSocket
        let poll: InterruptiblePoll
        do throws(SystemError) {
            listener = try ListeningSocket(requested.socketAddress)
            poll = try InterruptiblePoll()
        } catch {
            throw .cannotListen(
                address: requested.description, operation: error.operation, reason: error.reason,
                errno: error.errno.rawValue)
        }
        self.configuration = configuration
        self.address = HTTPListenAddress(listener.address)
        self.poll = poll
        let shared = ServerShared()
        self.shared = shared
        loop = ServerLoop(
            configuration: configuration, router: router, listener: listener, poll: poll, shared: shared)
    }

    deinit {
        stop()
    }

    /// Starts serving on a thread of its own (`br http`); a second call does nothing.
    public func start() {
        guard state.begin() else { return }
        let loop = self.loop
        let shared = self.shared
        NamedThread.start(name: "br http") {
            loop.run()
            shared.finish()
        }
    }

    /// Stops serving: every connection is closed (event streams' close handlers run), the port is released. Returns
    /// when the server's thread has finished; call it from another thread than a handler's. A second call does
    /// nothing.
    public func stop() {
        guard state.end() else { return }
        shared.requestStop()
        poll.wake()
        shared.waitUntilFinished()
    }

    /// Counters since the start.
    public var statistics: HTTPServerStatistics { shared.statistics }

    /// Holds the server's thread's wake-ups for events sent from now on until ``releaseEventWakeUps()``: a
    /// producer that sends one batch of events to many streams (one read of the sensors) wakes the thread once for
    /// all of them instead of once per stream. Holds nest; keep them short: events that a stream could not write at
    /// once (see ``EventStream``) wait meanwhile.
    public func holdEventWakeUps() {
        loop.signals.hold()
    }

    /// Ends one ``holdEventWakeUps()``; the last one wakes the server's thread for the events sent meanwhile.
    public func releaseEventWakeUps() {
        loop.signals.release()
    }
}

/// Whether the server was started and stopped.
private final class ThreadLockedState: @unchecked Sendable {
    // @unchecked: the flags are only touched while holding `lock`.
    private let lock = ThreadLock()
    private var started = false
    private var stopped = false

    /// True for the first start.
    func begin() -> Bool {
        lock.withLock {
            defer { started = true }
            return !started && !stopped
        }
    }

    /// True when the thread runs and must be stopped (first call only).
    func end() -> Bool {
        lock.withLock {
            defer { stopped = true }
            return started && !stopped
        }
    }
}
