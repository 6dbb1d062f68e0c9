import Foundation
import HTTP
import Synchronization
import TestSupport
import Testing

/// The server against clients that misbehave on purpose: slow loris, idle connections, floods, pipelining,
/// streams that are never read.
@Suite struct HTTPServerRawSocketTests {
    @Test func aRequestThatTrickles408sAndCloses() throws {
        let server = try TestServer { $0.requestTimeout = 0.5 }
        let client = try RawConnection(port: server.port)
        let start = Date()
        client.send("GET /hello HTTP/1.1\r\nHost: x\r\n")
        Thread.sleep(forTimeInterval: 0.2)
        client.send("X-Slow: 1\r\n")
        let (text, closed) = client.receive(timeout: 5)
        #expect(text.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
        #expect(text.contains("Connection: close\r\n"))
        #expect(closed)
        let elapsed = Date().timeIntervalSince(start)
        #expect(elapsed >= 0.45 && elapsed < 3, "\(elapsed) s")
        #expect(server.server.statistics.connectionsTimedOut == 1)
    }

    @Test func anIdleConnectionIsClosedSilently() throws {
        let server = try TestServer { $0.idleTimeout = 0.4 }
        let client = try RawConnection(port: server.port)
        client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        let (text, closed) = client.receive(timeout: 5)
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n") && text.hasSuffix("hello world\n"))
        #expect(closed, "closed after the idle time, with nothing more sent")
    }

    @Test func connectionsBeyondTheCapGet503() throws {
        let server = try TestServer { $0.maximumConnections = 3 }
        let held = try (0..<3).map { _ in try RawConnection(port: server.port) }
        #expect(waitUntil { server.server.statistics.openConnections == 3 })
        let extra = try RawConnection(port: server.port)
        let (text, closed) = extra.receive(timeout: 5)
        #expect(text.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"))
        #expect(closed)
        #expect(server.server.statistics.connectionsRefused == 1)
        held[0].send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(
            held[0].receive(timeout: 5, until: "hello world\n").text.hasPrefix("HTTP/1.1 200 OK"),
            "held ones still served")
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        let server = try TestServer()
        let client = try RawConnection(port: server.port)
        client.send(
            "GET /hello?name=one HTTP/1.1\r\nHost: x\r\n\r\nPOST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\n"
                + "twoGET /hello?name=three HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let (text, closed) = client.receive(timeout: 5)
        let bodies = ["hello one\n", "two", "hello three\n"].map { text.range(of: $0)?.lowerBound }
        #expect(bodies.allSatisfy { $0 != nil })
        #expect(bodies.compactMap { $0 } == bodies.compactMap { $0 }.sorted())
        #expect(closed, "Connection: close ends it after the third")
    }

    @Test func malformedBytesGet400AndTheConnectionCloses() throws {
        let server = try TestServer()
        for garbage in ["\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}\r\n\r\n", "GET / HTTP/2.0\r\nHost: x\r\n\r\n"] {
            let client = try RawConnection(port: server.port)
            client.send(garbage)
            let (text, closed) = client.receive(timeout: 5)
            #expect(text.hasPrefix("HTTP/1.1 400 ") || text.hasPrefix("HTTP/1.1 505 "), "\(text)")
            #expect(closed)
        }
    }

    @Test func aStreamThatIsNeverReadDropsItsOldestAndHoldsUpNoOne() throws {
        let server = try TestServer { $0.eventQueueCapacity = 50 }
        let stuck = try RawConnection(port: server.port)
        stuck.shrinkReceiveBuffer()
        stuck.send("GET /burst HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(waitUntil { server.server.statistics.eventsDropped > 0 })
        // Others are served meanwhile (the stuck one never holds them up: served at all while it stays stuck).
        #expect(try Curl.fetch(server.url + "/hello").status == 200)
        let live = try RawConnection(port: server.port)
        live.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(live.receive(timeout: 20, until: "{\"n\":5}").text.contains("event: tick\ndata: {\"n\":5}\n\n"))
        // The stuck client, reading at last, learns how many it missed and gets the newest.
        let (text, _) = stuck.receive(timeout: 20, until: "2000 x")
        #expect(text.contains("event: dropped\ndata: {\"dropped\":"))
        #expect(text.contains("data: 2000 x"))
        #expect(server.server.statistics.eventsDropped >= 1000)
    }

    @Test func aClientThatLeavesEndsItsStreamPromptly() throws {
        // The next keep-alive 60 s away: a stream that ends within 20 s was ended by the close itself, whatever the
        // load on this machine (a half-second bound failed a loaded run's promptness, not the server's).
        let server = try TestServer { $0.keepAliveInterval = 60 }
        do {
            let client = try RawConnection(port: server.port)
            client.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(client.receive(timeout: 20, until: "{\"n\":2}").text.contains("event: tick"))
        }
        #expect(
            waitUntil(timeout: 20) { server.closedStreams.count == 1 }, "noticed at the close, not at the next keep-alive")
    }

    @Test func eventsSentWhileWakeUpsAreHeldArriveByTheRelease() throws {
        let streams = Mutex<[EventStream]>([])
        var router = HTTPRouter()
        router.add(.get, "/held") { _ in .eventStream { stream in streams.withLock { $0.append(stream) } } }
        let server = try HTTPServer(
            configuration: HTTPServer.Configuration(address: HTTPListenAddress("127.0.0.1:0")!), router: router)
        server.start()
        defer { server.stop() }
        let clients = try (0..<2).map { _ in try RawConnection(port: server.address.port) }
        for client in clients {
            client.send("GET /held HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(client.receive(timeout: 5, until: "retry:").text.hasPrefix("HTTP/1.1 200 OK\r\n"))
        }
        #expect(waitUntil { streams.withLock { $0.count } == 2 })
        server.holdEventWakeUps()
        server.holdEventWakeUps()
        for (index, stream) in streams.withLock({ $0 }).enumerated() {
            stream.send(ServerSentEvent(event: "tick", data: "{\"n\":\(index)}"))
        }
        // A stream that can write at once does so, held or not (EventStreamDirectSendingTests); one whose event
        // had to be queued waits for the last release (StreamSignals, in HTTPPiecesTests). Either way every event
        // has arrived once the wake-ups are released.
        server.releaseEventWakeUps()
        server.releaseEventWakeUps()
        for (index, client) in clients.enumerated() {
            let text = client.receive(timeout: 5, until: "{\"n\":\(index)}").text
            #expect(text.contains("event: tick\ndata: {\"n\":\(index)}\n\n"), "sent by the release")
        }
        server.releaseEventWakeUps()
        streams.withLock { $0[0] }.send(ServerSentEvent(event: "tick", data: "{\"n\":9}"))
        #expect(clients[0].receive(timeout: 5, until: "{\"n\":9}").text.contains("{\"n\":9}"), "an extra release holds nothing")
    }

    @Test func silentStreamsSendKeepAliveComments() throws {
        var router = HTTPRouter()
        router.add(.get, "/quiet") { _ in .eventStream { _ in } }
        var configuration = HTTPServer.Configuration(address: HTTPListenAddress("127.0.0.1:0")!)
        configuration.keepAliveInterval = 0.2
        let server = try HTTPServer(configuration: configuration, router: router)
        server.start()
        defer { server.stop() }
        let client = try RawConnection(port: server.address.port)
        client.send("GET /quiet HTTP/1.1\r\nHost: x\r\n\r\n")
        // Three keep-alives in a row (every 0.2 s: 0.6 s), waited for as long as a loaded machine needs.
        let three = String(repeating: ": keep-alive\n\n", count: 3)
        #expect(client.receive(timeout: 20, until: three).text.contains(three))
    }

    @Test func stoppingEndsEveryStream() throws {
        let server = try TestServer()
        let clients = try (0..<3).map { _ in try RawConnection(port: server.port) }
        for client in clients { client.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n") }
        #expect(waitUntil { server.server.statistics.openEventStreams == 3 })
        server.server.stop()
        #expect(server.closedStreams.count == 3)
        for client in clients { #expect(client.receive(timeout: 3).closed) }
        #expect(!FreePort.accepts(port: server.port), "the port is released")
    }
}
