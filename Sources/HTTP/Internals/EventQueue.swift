/// A bounded first-in first-out queue of encoded events that drops the oldest when full: a ring of `capacity`
/// slots, so that a stuck client costs at most `capacity` events of memory.
struct EventQueue {
    private var slots: [[UInt8]]
    private var head = 0
    /// Events queued.
    private(set) var count = 0

    /// A queue of at least one slot.
    init(capacity: Int) {
        slots = Array(repeating: [], count: max(1, capacity))
    }

    var capacity: Int { slots.count }

    /// Appends `event`; when the queue was full, the oldest event is dropped first and the result is true.
    mutating func append(_ event: [UInt8]) -> Bool {
        let full = count == slots.count
        if full {
            slots[head] = []
            head = (head + 1) % slots.count
            count -= 1
        }
        slots[(head + count) % slots.count] = event
        count += 1
        return full
    }

    /// The byte count of the oldest event; nil when empty.
    var firstSize: Int? {
        count > 0 ? slots[head].count : nil
    }

    /// Removes and returns the oldest event.
    mutating func popFirst() -> [UInt8]? {
        guard count > 0 else { return nil }
        defer {
            slots[head] = []
            head = (head + 1) % slots.count
            count -= 1
        }
        return slots[head]
    }

    /// Empties the queue.
    mutating func removeAll() {
        for index in slots.indices { slots[index] = [] }
        head = 0
        count = 0
    }
}
