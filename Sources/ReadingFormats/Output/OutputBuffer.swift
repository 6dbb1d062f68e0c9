/// The byte buffer of the event writer (`EventOutputWriter`): rows are appended, handed
/// to the sink once 64 KiB are waiting, and on `flush()`, which also flushes the sink — so that a live stream shows
/// its rows when the writer flushes and a file is written in large pieces.
final class OutputBuffer {
    /// The bytes not yet handed over.
    var pending: [UInt8] = []
    private let sink: ([UInt8]) throws -> Void
    private let flushSink: () throws -> Void

    init(sink: @escaping ([UInt8]) throws -> Void, flush: @escaping () throws -> Void) {
        self.sink = sink
        self.flushSink = flush
        pending.reserveCapacity(1 << 12)
    }

    /// Appends a line of text and a newline.
    func appendLine(_ text: String) {
        pending += Array(text.utf8)
        pending.append(0x0A)
    }

    /// Hands the pending bytes over once 64 KiB are waiting.
    func handOverIfFull() throws {
        if pending.count >= 1 << 16 { try handOver() }
    }

    /// Hands everything over and flushes the sink.
    func flush() throws {
        try handOver()
        try flushSink()
    }

    private func handOver() throws {
        guard !pending.isEmpty else { return }
        let bytes = pending
        pending.removeAll(keepingCapacity: true)
        try sink(bytes)
    }
}
