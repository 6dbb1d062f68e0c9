import Foundation
import HTTP
import Synchronization
import TestSupport
import Testing

/// What a stopped server leaves behind: nothing. LeakSanitizer found event streams (their queues, locks and the
/// server's signal list) kept alive for good by a stream signalled after the server's thread last took the list.
@Suite struct HTTPServerLifetimeTests {
    /// A weak reference to each stream the server opened.
    final class OpenedStreams: Sendable {
        private struct Entry: Sendable {
            weak var stream: EventStream?
        }
        private let entries = Mutex<[Entry]>([])

        func add(_ stream: EventStream) { entries.withLock { $0.append(Entry(stream: stream)) } }
        var count: Int { entries.withLock { $0.count } }
        var alive: Int { entries.withLock { $0.filter { $0.stream != nil }.count } }
        func send(_ event: ServerSentEvent) { entries.withLock { $0.compactMap(\.stream) }.forEach { $0.send(event) } }
    }

    @Test func aStreamSignalledAsTheServerStopsIsFreedWithIt() throws {
        let opened = OpenedStreams()
        do {
            var router = HTTPRouter()
            router.add(.get, "/events") { _ in .eventStream { stream in opened.add(stream) } }
            let server = try HTTPServer(
                configuration: HTTPServer.Configuration(address: HTTPListenAddress("127.0.0.1:0")!), router: router)
            server.start()
            let client = try RawConnection(port: server.address.port)
            client.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(client.receive(timeout: 20, until: "retry:").text.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(waitUntil { opened.count == 1 })
            // Held: the event puts the stream on the server's list without waking its thread, which then ends on
            // the stop without taking the list again.
            server.holdEventWakeUps()
            opened.send(ServerSentEvent(event: "tick", data: "{}"))
            server.stop()
        }
        #expect(opened.alive == 0, "the stream outlived its server")
    }
}
