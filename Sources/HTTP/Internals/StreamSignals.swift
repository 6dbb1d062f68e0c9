import SystemSupport

/// How event streams tell the server's thread that they have events: a list of streams to serve and one wake-up of
/// its poll per batch (the first signal after the thread took the list wakes it; later ones only join the list).
/// While held (`hold()`), signals only join the list, and the last `release()` wakes the thread once for all.
///
/// A listed stream holds these signals and they hold it: `shutDown()`, when the server's thread ends, empties the
/// list for good, or the streams signalled after its last `takeReady()` and their queues would never be freed.
final class StreamSignals: @unchecked Sendable {
    // @unchecked: `ready`, `holds` and `isShutDown` are only touched while holding `lock`.
    private let lock = ThreadLock()
    private var ready: [EventStream] = []
    private var holds = 0
    private var isShutDown = false
    private let poll: InterruptiblePoll

    init(poll: InterruptiblePoll) {
        self.poll = poll
    }

    /// Adds `stream` to the list and wakes the server's thread if the list was empty.
    func signal(_ stream: EventStream) {
        let wake: Bool = lock.withLock {
            guard !isShutDown else { return false }
            ready.append(stream)
            return ready.count == 1 && holds == 0
        }
        if wake { poll.wake() }
    }

    /// Signals from now on wait for `release()`.
    func hold() {
        lock.withLock { holds += 1 }
    }

    /// Ends one `hold()`; the last wakes the server's thread when streams were signalled meanwhile.
    func release() {
        let wake: Bool = lock.withLock {
            guard holds > 0 else { return false }
            holds -= 1
            return holds == 0 && !ready.isEmpty
        }
        if wake { poll.wake() }
    }

    /// Drops the streams still listed and ignores later signals: the server's thread has ended.
    func shutDown() {
        lock.withLock {
            isShutDown = true
            ready = []
        }
    }

    /// The streams signalled since the last call.
    func takeReady() -> [EventStream] {
        lock.withLock {
            defer { ready = [] }
            return ready
        }
    }
}
