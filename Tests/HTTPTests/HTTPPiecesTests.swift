import Foundation
import SystemSupport
import TestSupport
import Testing

@testable import HTTP

/// The small parts: events on the wire, the bounded queue, routing, tokens, addresses, response heads.
@Suite struct HTTPPiecesTests {
    @Test func eventsOnTheWire() {
        #expect(String(decoding: ServerSentEvent(data: "x").encoded, as: UTF8.self) == "data: x\n\n")
        #expect(
            String(decoding: ServerSentEvent(event: "motion", data: "{\"t\":1}", id: "7").encoded, as: UTF8.self)
                == "event: motion\nid: 7\ndata: {\"t\":1}\n\n")
        // Line breaks of every kind start a new data line; in the type they would end the field early.
        #expect(
            String(decoding: ServerSentEvent(event: "a\nb", data: "1\r\n2\r3\n4").encoded, as: UTF8.self)
                == "event: a b\ndata: 1\ndata: 2\ndata: 3\ndata: 4\n\n")
        #expect(String(decoding: ServerSentEvent(data: "").encoded, as: UTF8.self) == "data: \n\n")
        #expect(String(decoding: ServerSentEvent.comment("hi\nthere"), as: UTF8.self) == ": hi there\n\n")
    }

    @Test func theQueueDropsTheOldestWhenFull() {
        var queue = EventQueue(capacity: 3)
        var dropped = 0
        for value in 1...5 where queue.append([UInt8(value)]) { dropped += 1 }
        #expect(dropped == 2)
        #expect(queue.count == 3)
        #expect(queue.firstSize == 1)
        #expect(queue.popFirst() == [3])
        #expect(queue.popFirst() == [4])
        #expect(queue.append([6]) == false)
        #expect(queue.popFirst() == [5])
        #expect(queue.popFirst() == [6])
        #expect(queue.popFirst() == nil)
        #expect(EventQueue(capacity: 0).capacity == 1)
    }

    @Test func aSlowStreamTellsWhatItDropped() throws {
        let signals = StreamSignals(poll: try InterruptiblePoll())
        // As the server's loop does when it ends: a stream still listed would keep the list, and the list it.
        defer { signals.shutDown() }
        let stream = EventStream(capacity: 2, signals: signals)
        for value in 1...5 { stream.send(ServerSentEvent(data: "\(value)")) }
        #expect(stream.droppedEventCount == 3)
        let batch = stream.take(maxBytes: 1 << 16)
        #expect(
            String(decoding: batch.bytes, as: UTF8.self)
                == "event: dropped\ndata: {\"dropped\":3,\"total\":3}\n\ndata: 4\n\ndata: 5\n\n")
        #expect(batch.events == 2 && batch.dropped == 3 && !batch.remaining)
        stream.send(ServerSentEvent(data: "6"))
        #expect(String(decoding: stream.take(maxBytes: 1).bytes, as: UTF8.self) == "data: 6\n\n", "one event at least")
        let closed = Counter()
        stream.onClose { closed.increment() }
        stream.end()
        stream.end()
        #expect(closed.count == 1)
        stream.onClose { closed.increment() }
        #expect(closed.count == 2, "a handler added after the end runs at once")
        stream.send(ServerSentEvent(data: "late"))
        #expect(stream.take(maxBytes: 100).bytes.isEmpty)
        #expect(!stream.isOpen)
    }

    @Test func heldSignalsWakeTheServerOnceAtTheLastRelease() throws {
        let poll = try InterruptiblePoll()
        let signals = StreamSignals(poll: poll)
        defer { signals.shutDown() }
        let stream = EventStream(capacity: 2, signals: signals)
        signals.hold()
        signals.hold()
        stream.send(ServerSentEvent(data: "queued"))
        #expect(!poll.wait(for: nil, writable: false, timeout: 0).woken, "held")
        signals.release()
        #expect(!poll.wait(for: nil, writable: false, timeout: 0).woken, "held until the last release")
        signals.release()
        #expect(poll.wait(for: nil, writable: false, timeout: 0).woken, "woken at the last release")
        #expect(signals.takeReady().map(ObjectIdentifier.init) == [ObjectIdentifier(stream)])
        signals.release()
        stream.send(ServerSentEvent(data: "again"))
        #expect(!poll.wait(for: nil, writable: false, timeout: 0).woken, "signalled already: the stream was not taken")
        _ = stream.take(maxBytes: 1 << 16)
        stream.send(ServerSentEvent(data: "after"))
        #expect(poll.wait(for: nil, writable: false, timeout: 0).woken, "an extra release holds nothing")
    }

    @Test func routing() {
        var router = HTTPRouter()
        router.add(.get, "/a") { _ in .response(.text("a")) }
        router.add(.post, "/a") { _ in .response(.text("posted")) }
        router.add(.put, "/b") { _ in .response(.text("b")) }
        func answer(_ method: HTTPMethod, _ path: String) -> HTTPResponse? {
            if case .response(let response) = router.reply(to: HTTPRequest(method: method, target: path, path: path)) {
                return response
            }
            return nil
        }
        #expect(answer(.get, "/a")?.body == Array("a\n".utf8))
        #expect(answer(.head, "/a")?.body == Array("a\n".utf8), "HEAD is GET's answer; the server drops the body")
        #expect(answer(.get, "/nothing")?.status == .notFound)
        let refused = answer(.delete, "/a")
        #expect(refused?.status == .methodNotAllowed)
        #expect(refused?.headers["Allow"] == "GET, HEAD, POST, OPTIONS")
        #expect(answer(.head, "/b")?.headers["Allow"] == "PUT, OPTIONS", "no HEAD without GET")
        #expect(answer(.options, "/a")?.status == .noContent)
        #expect(answer(.options, "/a")?.headers["Allow"] == "GET, HEAD, POST, OPTIONS")
        #expect(answer(.options, "*")?.headers["Allow"] == "GET, HEAD, POST, PUT, OPTIONS")
        #expect(answer(HTTPMethod(rawValue: "BREW"), "/a")?.status == .notImplemented)
        #expect(router.paths == ["/a", "/b"])
    }

    @Test func tokens() throws {
        let token = try BearerToken("0123456789abcdef")
        #expect(token.matches(Array("0123456789abcdef".utf8)))
        #expect(!token.matches(Array("0123456789abcdeF".utf8)))
        #expect(!token.matches(Array("0123456789abcde".utf8)))
        #expect(!token.matches(Array("0123456789abcdef0".utf8)))
        #expect(!token.matches([]))
        #expect(throws: BearerTokenError.empty(path: nil)) { try BearerToken("  ") }
        #expect(throws: BearerTokenError.tooShort(path: nil, length: 5, minimum: 16)) { try BearerToken("short") }
        #expect(throws: BearerTokenError.malformed(path: nil)) { try BearerToken("0123456789 abcdef") }
        #expect(throws: BearerTokenError.malformed(path: nil)) { try BearerToken("0123456789=abcdef") }
        _ = try BearerToken("abcdefghijklmnop-._~+/==")

        func verdict(_ headers: HTTPHeaders, _ query: QueryParameters = QueryParameters()) -> BearerToken.Verdict {
            token.verdict(on: HTTPRequest(method: .get, target: "/", path: "/", query: query, headers: headers))
        }
        #expect(verdict(["Authorization": "Bearer 0123456789abcdef"]) == .granted)
        #expect(verdict(["Authorization": "bearer   0123456789abcdef"]) == .granted)
        #expect(verdict(["Authorization": "Bearer 0123456789abcdeX"]) == .invalid)
        #expect(verdict(["Authorization": "Basic MDEyMzQ1Njc4OWFiY2RlZg=="]) == .invalid)
        #expect(verdict([:]) == .missing)
        #expect(verdict([:], QueryParameters([("access_token", "0123456789abcdef")])) == .granted)
        #expect(verdict([:], QueryParameters([("access_token", "nope")])) == .invalid)
        #expect(BearerToken.challenge(.missing).headers["WWW-Authenticate"] == "Bearer realm=\"bodyreadings\"")
        #expect(
            BearerToken.challenge(.invalid).headers["WWW-Authenticate"]
                == "Bearer realm=\"bodyreadings\", error=\"invalid_token\"")
    }

    @Test func tokenFiles() throws {
        let directory = try TemporaryDirectory(prefix: "http-token")
        let path = directory.path + "/token"
        try "0123456789abcdef0123\nsecond line\n".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o600)
        #expect(try BearerToken(contentsOf: path).matches(Array("0123456789abcdef0123".utf8)))
        chmod(path, 0o644)
        #expect(throws: BearerTokenError.readableByOthers(path: path)) { try BearerToken(contentsOf: path) }
        try "\n".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o600)
        #expect(throws: BearerTokenError.empty(path: path)) { try BearerToken(contentsOf: path) }
        #expect {
            try BearerToken(contentsOf: directory.path + "/missing")
        } throws: { error in
            guard case .unreadable(_, _, let errno) = error as? BearerTokenError else { return false }
            return errno == ENOENT
        }
    }

    @Test func listenAddresses() {
        #expect(HTTPListenAddress("127.0.0.1:8080")?.description == "127.0.0.1:8080")
        #expect(HTTPListenAddress("127.0.0.1:8080")?.isLoopback == true)
        #expect(HTTPListenAddress("127.1.2.3:1")?.isLoopback == true)
        #expect(HTTPListenAddress("localhost:80")?.description == "127.0.0.1:80")
        #expect(HTTPListenAddress("[::1]:8080")?.description == "[::1]:8080")
        #expect(HTTPListenAddress("[::1]:8080")?.isLoopback == true)
        #expect(HTTPListenAddress("0.0.0.0:8080")?.isLoopback == false)
        #expect(HTTPListenAddress("[::]:8080")?.isLoopback == false)
        #expect(HTTPListenAddress("192.168.1.2:8080")?.isLoopback == false)
        #expect(HTTPListenAddress("[::ffff:127.0.0.1]:80")?.isLoopback == true)
        for bad in ["127.0.0.1", "127.0.0.1:", "127.0.0.1:65536", "127.0.0.1:-1", "::1:80", "example.com:80", ":80"] {
            #expect(HTTPListenAddress(bad) == nil, "\(bad)")
        }
    }

    @Test func responseHeadsCarryTheServersFieldsOnly() {
        var response = HTTPResponse.text("hi")
        response.headers.add("Content-Length", "999")
        response.headers.add("X-Evil", "a\r\nSet-Cookie: x=1")
        let head = String(
            decoding: ResponseHead.encode(
                response, version: .http10, contentLength: 3, keepAlive: true, date: "Thu, 01 Jan 1970 00:00:00 GMT"),
            as: UTF8.self)
        #expect(
            head
                == "HTTP/1.1 200 OK\r\nDate: Thu, 01 Jan 1970 00:00:00 GMT\r\nContent-Length: 3\r\n"
                + "Connection: keep-alive\r\nContent-Type: text/plain; charset=utf-8\r\n"
                + "X-Evil: a  Set-Cookie: x=1\r\n\r\n")
        #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
    }
}
