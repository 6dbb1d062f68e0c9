import ReadingFormats
import Testing

@testable import Service

/// One client's queue: bounded, the oldest update dropped first, never a reply or a line partly sent, and the gap
/// announced before the next update.
@Suite struct OutgoingQueueTests {
    private func drain(_ queue: inout OutgoingQueue) -> [String] {
        var lines: [String] = []
        var current: [UInt8] = []
        while let bytes = queue.pending() {
            // Send in pieces of 3 bytes, as a full socket takes them.
            let piece = bytes.prefix(3)
            current += piece
            queue.sent(piece.count)
            if current.last == 0x0A {
                lines.append(String(decoding: current.dropLast(), as: UTF8.self))
                current = []
            }
        }
        return lines
    }

    private func line(_ text: String) -> [UInt8] { Array((text + "\n").utf8) }

    @Test func keepsOrderWhileWithinItsLimit() {
        var queue = OutgoingQueue(limit: 4)
        for n in 1...4 { queue.append(update: line("u\(n)")) }
        queue.append(message: line("reply"))
        #expect(drain(&queue) == ["u1", "u2", "u3", "u4", "reply"])
        #expect(queue.isEmpty && queue.dropped == 0)
    }

    @Test func dropsTheOldestUpdatesAndSaysSoBeforeTheNextOne() {
        var queue = OutgoingQueue(limit: 3)
        queue.append(message: line("hello"))
        for n in 1...10 { queue.append(update: line("u\(n)")) }
        #expect(queue.dropped == 7)
        let lines = drain(&queue)
        #expect(lines == ["hello", #"{"event":"dropped","count":7,"total":7}"#, "u8", "u9", "u10"])
        for n in 11...14 { queue.append(update: line("u\(n)")) }
        #expect(drain(&queue) == [#"{"event":"dropped","count":1,"total":8}"#, "u12", "u13", "u14"])
    }

    @Test func neverDropsALinePartlySent() {
        var queue = OutgoingQueue(limit: 2)
        queue.append(update: line("first"))
        queue.append(update: line("second"))
        guard let head = queue.pending() else {
            Issue.record("nothing pending")
            return
        }
        queue.sent(2)  // "fi" went out
        #expect(head.count == 6)
        queue.append(update: line("third"))
        queue.append(update: line("fourth"))
        // "second" and "third" went; the rest of "first" still comes, then the notice.
        var rest = drain(&queue)
        rest[0] = "fi" + rest[0]
        #expect(rest == ["first", #"{"event":"dropped","count":2,"total":2}"#, "fourth"])
    }

    @Test func gathersWhatWaitsIntoOneSendAndGoesOnWhereTheSocketStopped() {
        var queue = OutgoingQueue(limit: 2)
        queue.append(message: line("hello"))
        for n in 1...4 { queue.append(update: line("u\(n)")) }
        let notice = #"{"event":"dropped","count":2,"total":2}"# + "\n"
        var buffer: [UInt8] = []
        #expect(queue.gather(into: &buffer, limit: 1 << 16))
        #expect(String(decoding: buffer, as: UTF8.self) == "hello\n" + notice + "u3\nu4\n")

        queue.sent(8)  // "hello\n" and the notice's first 2 bytes went out
        queue.append(update: line("u5"))  // drops u3: the notice being sent cannot count it, a new one does
        var small: [UInt8] = []
        #expect(queue.gather(into: &small, limit: 1))
        #expect(String(decoding: small, as: UTF8.self) == String(notice.dropFirst(2)), "the first line's rest, always")
        buffer = []
        #expect(queue.gather(into: &buffer, limit: 1 << 16))
        let second = #"{"event":"dropped","count":1,"total":3}"# + "\n"
        #expect(String(decoding: buffer, as: UTF8.self) == String(notice.dropFirst(2)) + second + "u4\nu5\n")
        queue.sent(buffer.count)
        #expect(queue.isEmpty && !queue.gather(into: &buffer, limit: 1 << 16))
    }
}
