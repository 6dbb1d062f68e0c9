import Foundation
import HTTP

/// An `HTTPServer` on a free loopback port with routes for the end-to-end tests:
/// `GET /hello`, `POST /echo`, `GET /events` (an event every 10 ms), `GET /burst` (2000 events of 1 KiB at once).
final class TestServer: Sendable {
    let server: HTTPServer
    /// Event streams whose connection ended.
    let closedStreams = Counter()

    var port: Int { server.address.port }
    var url: String { "http://127.0.0.1:\(port)" }

    init(_ adjust: (inout HTTPServer.Configuration) -> Void = { _ in }) throws {
        var configuration = HTTPServer.Configuration(address: HTTPListenAddress("127.0.0.1:0")!)
        adjust(&configuration)
        var router = HTTPRouter()
        router.add(.get, "/hello") { request in
            .response(.text("hello \(request.query["name"] ?? "world")"))
        }
        router.add(.post, "/echo") { request in
            .response(HTTPResponse(contentType: "application/octet-stream", body: request.body))
        }
        let closed = closedStreams
        router.add(.get, "/events") { _ in
            .eventStream { stream in
                stream.onClose { closed.increment() }
                // A thread of its own: Dispatch's global queue has a thread per core, which tests waiting for
                // subprocess output can all hold.
                Thread.detachNewThread {
                    var count = 0
                    while stream.isOpen && count < 3000 {
                        count += 1
                        stream.send(ServerSentEvent(event: "tick", data: "{\"n\":\(count)}"))
                        usleep(10_000)
                    }
                }
            }
        }
        router.add(.get, "/burst") { _ in
            .eventStream { stream in
                let payload = String(repeating: "x", count: 1024)
                for index in 1...2000 { stream.send(ServerSentEvent(data: "\(index) \(payload)")) }
            }
        }
        server = try HTTPServer(configuration: configuration, router: router)
        server.start()
    }

    deinit {
        server.stop()
    }
}
