/// The messages an ``MQTTPublisher`` holds for the broker, oldest first, within ``MQTTQueueLimits``: the oldest are
/// dropped (and counted) to make room.
///
/// A plain array with a moving head: appends at the tail, takes from the head, and compacts once the taken part is
/// the larger half, so each message is copied O(1) times on average.
struct PublishQueue {
    let limits: MQTTQueueLimits
    private var storage: [MQTTMessage] = []
    private var head = 0
    /// Bytes (topics and payloads) of the messages waiting.
    private(set) var bytes = 0

    init(limits: MQTTQueueLimits) {
        self.limits = limits
    }

    /// Messages waiting.
    var count: Int { storage.count - head }

    var isEmpty: Bool { count == 0 }

    /// Appends `message`; returns how many older messages were dropped to keep within the limits. A message larger
    /// than the byte limit on its own replaces everything (it is never refused: the broker judges its size).
    mutating func append(_ message: MQTTMessage) -> Int {
        storage.append(message)
        bytes += message.size
        return trim()
    }

    /// Puts `messages` back at the head, in their order (unacknowledged messages of a lost connection, which are older
    /// than everything waiting); returns how many of the oldest were dropped to keep within the limits.
    mutating func prepend(_ messages: [MQTTMessage]) -> Int {
        guard !messages.isEmpty else { return 0 }
        storage = messages + storage[head...]
        head = 0
        bytes += messages.reduce(0) { $0 + $1.size }
        return trim()
    }

    /// Takes the oldest message.
    mutating func removeFirst() -> MQTTMessage? {
        guard head < storage.count else { return nil }
        let message = storage[head]
        head += 1
        bytes -= message.size
        compactIfWorthIt()
        return message
    }

    /// Takes everything (at shutdown); returns how many there were.
    mutating func removeAll() -> Int {
        let removed = count
        storage.removeAll()
        head = 0
        bytes = 0
        return removed
    }

    /// Drops from the head until within both limits, always keeping the newest message.
    private mutating func trim() -> Int {
        var dropped = 0
        while count > 1, count > limits.maximumMessages || bytes > limits.maximumBytes {
            bytes -= storage[head].size
            head += 1
            dropped += 1
        }
        compactIfWorthIt()
        return dropped
    }

    private mutating func compactIfWorthIt() {
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 64, head * 2 > storage.count {
            storage.removeFirst(head)
            head = 0
        }
    }
}
