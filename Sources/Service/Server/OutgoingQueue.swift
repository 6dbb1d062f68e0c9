import ReadingFormats

/// The lines waiting to be sent to one client: bounded, the oldest update dropped first when the client does not
/// keep up, and a `dropped` notice (how many, and how many in all) where the gap is, before the first update after
/// it.
///
/// Replies and notices are never dropped, nor is a line partly sent (the client would get half an object). Pure:
/// the connection sends what `pending` shows and reports what went out with `sent(_:)`.
struct OutgoingQueue {
    private enum Kind {
        /// An update: may be dropped.
        case update
        /// A reply or the `hello`.
        case message
        /// A gap of `count` updates, `total` dropped since the connection opened; rendered when it is sent.
        case notice(count: Int, total: Int)
    }

    private struct Entry {
        var bytes: [UInt8]
        var kind: Kind
    }

    /// Updates kept at most; beyond, the oldest waiting update goes.
    let limit: Int
    private var entries: [Entry] = []
    /// Bytes of the first entry already sent.
    private var offset = 0
    private var updates = 0
    /// Updates dropped since the connection opened.
    private(set) var dropped = 0

    /// Precondition: `limit` ≥ 1.
    init(limit: Int) {
        precondition(limit >= 1, "a client queue holds at least one update")
        self.limit = limit
    }

    /// Nothing waits.
    var isEmpty: Bool { entries.isEmpty }

    /// Entries waiting (notices and replies included).
    var count: Int { entries.count }

    /// Queues an update; when `limit` updates already wait, drops the oldest waiting one that was not started.
    mutating func append(update bytes: [UInt8]) {
        if updates >= limit, let index = entries.indices.first(where: { isDroppable($0) }) {
            entries.remove(at: index)
            updates -= 1
            dropped += 1
            if index > 0, case .notice(let count, _) = entries[index - 1].kind, !(index - 1 == 0 && offset > 0) {
                entries[index - 1].kind = .notice(count: count + 1, total: dropped)
            } else {
                entries.insert(Entry(bytes: [], kind: .notice(count: 1, total: dropped)), at: index)
            }
        }
        entries.append(Entry(bytes: bytes, kind: .update))
        updates += 1
    }

    /// Queues a reply or notice, which is never dropped.
    mutating func append(message bytes: [UInt8]) {
        entries.append(Entry(bytes: bytes, kind: .message))
    }

    /// The bytes to send next (the rest of the first line); nil when nothing waits.
    mutating func pending() -> ArraySlice<UInt8>? {
        guard !entries.isEmpty else { return nil }
        if offset == 0, case .notice(let count, let total) = entries[0].kind, entries[0].bytes.isEmpty {
            entries[0].bytes = ServiceEvent.droppedLine(count: count, total: total)
        }
        return entries[0].bytes[offset...]
    }

    /// `count` bytes of what `pending()` returned went out.
    mutating func sent(_ count: Int) {
        guard !entries.isEmpty else { return }
        offset += count
        if offset >= entries[0].bytes.count {
            if case .update = entries[0].kind { updates -= 1 }
            entries.removeFirst()
            offset = 0
        }
    }

    private func isDroppable(_ index: Int) -> Bool {
        guard case .update = entries[index].kind else { return false }
        return index > 0 || offset == 0
    }
}
