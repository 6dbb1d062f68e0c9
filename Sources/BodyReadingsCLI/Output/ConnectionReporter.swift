import MQTT
import SystemSupport
import TextFormats

/// `publish`'s stderr lines about the broker: reconnections, losses, drops.
///
/// The publisher reports on its network thread; a console belongs to the command's thread. So events become lines
/// here, under a lock, and the command's thread prints them with ``flush()`` (the publishing consumer calls it
/// whenever the pipeline goes idle). Silent until ``start()``: the first connection's outcome is reported once, by
/// the command, with its fix.
final class ConnectionReporter: Sendable {
    private let console: Console
    private let queue: Int
    private let lock = ThreadLock()
    /// Guarded by `lock`.
    nonisolated(unsafe) private var started = false
    /// Lines not printed yet, `true` for warnings; guarded by `lock`.
    nonisolated(unsafe) private var pending: [(warning: Bool, text: String)] = []

    init(console: Console, queue: Int) {
        self.console = console
        self.queue = queue
    }

    /// Reports from now on.
    func start() {
        lock.withLock { started = true }
    }

    /// Notes `event` (on the publisher's network thread).
    func report(_ event: MQTTPublisherEvent) {
        let line: (warning: Bool, text: String)?
        switch event {
        case .connected(let reconnection):
            line = reconnection ? (false, "connected to the broker again") : nil
        case .connectionFailed(let error, let retryIn):
            line = (true, "\(error); trying again in \(FixedDecimal.string(retryIn, digits: 1)) s")
        case .connectionLost(let error):
            line = (true, "\(error); reconnecting (QoS 1 messages wait, up to \(queue))")
        case .dropped(let count, let total):
            line = (true, "dropped \(count) message\(count == 1 ? "" : "s") (\(total) in all): queue full or broker away")
        case .rejected(let error):
            line = (true, "the broker library refused a message: \(error)")
        }
        guard let line else { return }
        lock.withLock {
            if started { pending.append(line) }
        }
    }

    /// Prints the lines noted so far (on the command's thread).
    func flush() {
        let lines = lock.withLock { () -> [(warning: Bool, text: String)] in
            defer { pending.removeAll() }
            return pending
        }
        for line in lines {
            if line.warning { console.warning(line.text) } else { console.note(line.text) }
        }
    }
}
