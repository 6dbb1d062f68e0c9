import Foundation
import SystemSupport
import Testing

@testable import HTTP

/// `EventStream`'s direct sending: while nothing waits, `send` writes to the socket itself, in order, counted; a full
/// socket hands the rest of the event and all later ones to the server's thread without losing or reordering bytes.
@Suite struct EventStreamDirectSendingTests {
    /// A stream of capacity 4 on the server's end of a connected pair of non-blocking Unix stream sockets, its
    /// `countSent` given; at the end of `body` the sockets are closed and the stream's signal list is shut down as
    /// the server's loop does (a stream still listed and the list would keep each other: LeakSanitizer reports them).
    static func withStream(
        countSent: @escaping @Sendable (Int) -> Void = { _ in },
        _ body: (_ stream: EventStream, _ server: Int32, _ client: Int32) throws -> Void
    ) throws {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        defer { for end in ends { close(end) } }
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        let signals = StreamSignals(poll: try InterruptiblePoll())
        defer { signals.shutDown() }
        try body(EventStream(capacity: 4, signals: signals, countSent: countSent), ends[0], ends[1])
    }

    /// Everything readable on `socket` now.
    static func drain(_ socket: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func writesItselfWhileAllowedAndQueuesOtherwise() throws {
        let sent = Counter()
        try Self.withStream(countSent: { count in for _ in 0..<count { sent.increment() } }) { stream, server, client in
            stream.send(ServerSentEvent(data: "queued"))
            #expect(!stream.allowDirectSending(on: server), "an event waits: the server's thread writes it first")
            #expect(String(decoding: stream.take(maxBytes: 1 << 16).bytes, as: UTF8.self) == "data: queued\n\n")
            #expect(stream.allowDirectSending(on: server))
            stream.send(ServerSentEvent(data: "1"))
            stream.send(ServerSentEvent(data: "2"))
            #expect(Self.drain(client) == "data: 1\n\ndata: 2\n\n")
            #expect(sent.count == 2)
            #expect(stream.take(maxBytes: 1 << 16).bytes.isEmpty, "nothing was queued")
            #expect(stream.lastDirectWriteTime > 0)
            stream.revokeDirectSending()
            stream.send(ServerSentEvent(data: "3"))
            #expect(Self.drain(client).isEmpty, "revoked: queued for the server's thread")
            #expect(String(decoding: stream.take(maxBytes: 1 << 16).bytes, as: UTF8.self) == "data: 3\n\n")
            #expect(sent.count == 2)
        }
    }

    @Test func aFullSocketHandsTheRestToTheServerInOrder() throws {
        try Self.withStream { stream, server, client in
            #expect(stream.allowDirectSending(on: server))
            // Events of 10 000 bytes until the socket is full: one is then taken in part (or not at all).
            let payload = String(repeating: "x", count: 10_000)
            var expected = ""
            for index in 0..<200 {
                let event = ServerSentEvent(data: "\(index) \(payload)")
                stream.send(event)
                expected += String(decoding: event.encoded, as: UTF8.self)
            }
            var received = Self.drain(client)
            #expect(received.count < expected.count, "the socket filled up")
            #expect(!stream.allowDirectSending(on: server), "the rest of an event waits")
            // The server's thread writes what waits: the rest of the partly sent event first, then the newest
            // (the queue holds 4 and dropped the others, with a notice).
            let batch = stream.take(maxBytes: 1 << 30)
            #expect(batch.dropped > 0)
            var rest = batch.bytes[...]
            while !rest.isEmpty {
                let count = rest.withUnsafeBytes { send(server, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if count > 0 { rest = rest.dropFirst(count) }
                received += Self.drain(client)
            }
            received += Self.drain(client)
            let events = received.components(separatedBy: "\n\n").filter { !$0.isEmpty }
            #expect(events.allSatisfy { $0.hasPrefix("data: ") || $0.hasPrefix("event: dropped") }, "whole events")
            let numbers = events.compactMap { $0.hasPrefix("data: ") ? Int($0.dropFirst(6).prefix { $0 != " " }) : nil }
            #expect(numbers == numbers.sorted() && Set(numbers).count == numbers.count, "in order, none twice")
            #expect(numbers.last == 199)
            #expect(stream.allowDirectSending(on: server), "all written: direct again")
        }
    }

    @Test func anEndedStreamNeverTouchesTheSocket() throws {
        try Self.withStream { stream, server, client in
            #expect(stream.allowDirectSending(on: server))
            stream.end()
            stream.send(ServerSentEvent(data: "late"))
            #expect(Self.drain(client).isEmpty)
            #expect(!stream.allowDirectSending(on: server))
        }
    }
}
