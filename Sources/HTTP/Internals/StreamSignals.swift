import SystemSupport

/// How event streams tell the server's thread that they have events: a list of streams to serve and one wake-up of
/// its poll per batch (the first signal after the thread took the list wakes it; later ones only join the list).
final class StreamSignals: @unchecked Sendable {
    // @unchecked: `ready` is only touched while holding `lock`.
    private let lock = ThreadLock()
    private var ready: [EventStream] = []
    private let poll: InterruptiblePoll

    init(poll: InterruptiblePoll) {
        self.poll = poll
    }

    /// Adds `stream` to the list and wakes the server's thread if the list was empty.
    func signal(_ stream: EventStream) {
        let wake: Bool = lock.withLock {
            ready.append(stream)
            return ready.count == 1
        }
        if wake { poll.wake() }
    }

    /// The streams signalled since the last call.
    func takeReady() -> [EventStream] {
        lock.withLock {
            defer { ready = [] }
            return ready
        }
    }
}
