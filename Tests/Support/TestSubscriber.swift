import Foundation

/// `mosquitto_sub` (Debian package `mosquitto-clients`) subscribed to a broker: an independent client that records
/// what really arrives, one line per message (`retain qos topic payload`).
public final class TestSubscriber: @unchecked Sendable {
    // @unchecked: `received` and `partial` are guarded by `lock`; `process` is set once in `init`.

    public struct Message: Equatable, Sendable {
        public var retained: Bool
        public var qos: Int
        public var topic: String
        public var payload: String

        public init(retained: Bool, qos: Int, topic: String, payload: String) {
            self.retained = retained
            self.qos = qos
            self.topic = topic
            self.payload = payload
        }
    }

    public static let executable = "/usr/bin/mosquitto_sub"

    private var process: ChildProcess?
    private let lock = NSLock()
    private var received: [Message] = []
    private var partial = Data()

    /// Subscribes to `topic` at QoS `qos`. `session`: a client id whose session the broker keeps while it is away
    /// (`-c`), so messages published while the subscriber reconnects after a broker restart are not lost.
    public init(
        broker: TestBroker, topic: String = "#", qos: Int = 1, session: String? = nil,
        extraArguments: [String] = []
    ) throws {
        var arguments = [
            "-h", "127.0.0.1", "-p", String(broker.port), "-t", topic, "-q", String(qos), "-F", "%r %q %t %p",
        ]
        let id = session ?? "sub-\(UInt32.random(in: 0...UInt32.max))"
        arguments += ["-i", id]
        if session != nil { arguments.append("-c") }
        let child = try ChildProcess(Self.executable, arguments + extraArguments, standardOutput: .pipe)
        process = child
        if let output = child.output {
            Thread.detachNewThread { [weak self] in
                var buffer = [UInt8](repeating: 0, count: 65536)
                while true {
                    let count = read(output, &buffer, buffer.count)
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { break }
                    self?.append(Data(buffer[0..<count]))
                }
                close(output)
            }
        }
        // mosquitto_sub prints nothing when subscribed; wait until the broker logged its SUBACK (up to 30 s: a loaded
        // machine starts processes slowly, and a subscriber not yet subscribed misses what the test publishes).
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, !broker.log.contains("Sending SUBACK to \(id)") {
            usleep(20_000)
        }
    }

    deinit {
        stop()
    }

    public func stop() {
        process?.terminate()
    }

    /// Everything received so far, in arrival order.
    public var messages: [Message] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    /// Messages on topics ending in `suffix`.
    public func messages(endingIn suffix: String) -> [Message] {
        messages.filter { $0.topic.hasSuffix(suffix) }
    }

    /// Waits up to `timeout` seconds (default 30: generous for a loaded machine) until `condition` holds for the
    /// messages received; returns whether it did.
    @discardableResult
    public func wait(timeout: Double = 30, until condition: ([Message]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(messages) { return true }
            usleep(20_000)
        }
        return condition(messages)
    }

    private func append(_ data: Data) {
        lock.lock()
        defer { lock.unlock() }
        partial.append(data)
        while let newline = partial.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: partial[partial.startIndex..<newline], as: UTF8.self)
            partial.removeSubrange(partial.startIndex...newline)
            let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4 else { continue }
            received.append(
                Message(
                    retained: fields[0] == "1", qos: Int(fields[1]) ?? -1, topic: String(fields[2]),
                    payload: String(fields[3])))
        }
    }
}
