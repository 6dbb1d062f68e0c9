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
            // A notice already rendered (being sent, or gathered for a send) cannot count more: a new one follows.
            if index > 0, case .notice(let count, _) = entries[index - 1].kind, entries[index - 1].bytes.isEmpty {
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
        render(0)
        return entries[0].bytes[offset...]
    }

    /// Appends what waits to `buffer`, for one send: the rest of the first line and the whole lines after it while
    /// they fit in `limit` bytes (the first always). False when nothing waits.
    mutating func gather(into buffer: inout [UInt8], limit: Int) -> Bool {
        guard !entries.isEmpty else { return false }
        render(0)
        buffer.append(contentsOf: entries[0].bytes[offset...])
        var index = 1
        while index < entries.count {
            render(index)
            guard buffer.count + entries[index].bytes.count <= limit else { break }
            buffer.append(contentsOf: entries[index].bytes)
            index += 1
        }
        return true
    }

    /// `count` bytes of what `pending()` or `gather(into:limit:)` returned went out.
    mutating func sent(_ count: Int) {
        var left = count
        while !entries.isEmpty {
            let rest = entries[0].bytes.count - offset
            guard left >= rest else {
                offset += left
                return
            }
            left -= rest
            if case .update = entries[0].kind { updates -= 1 }
            entries.removeFirst()
            offset = 0
            if left == 0 { return }
        }
    }

    /// Renders the notice at `index` when it has not been rendered yet: its counts are final from then on.
    private mutating func render(_ index: Int) {
        if case .notice(let count, let total) = entries[index].kind, entries[index].bytes.isEmpty {
            entries[index].bytes = ServiceEvent.droppedLine(count: count, total: total)
        }
    }

    private func isDroppable(_ index: Int) -> Bool {
        guard case .update = entries[index].kind else { return false }
        return index > 0 || offset == 0
    }
}
