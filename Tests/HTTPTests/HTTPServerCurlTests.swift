import Foundation
import HTTP
import TestSupport
import Testing

/// The server against `curl`: status codes, keep-alive, HEAD, limits, chunked bodies, event streams and tokens.
@Suite(.enabled(if: Curl.path != nil, "needs curl (scripts/install-deps installs it)"))
struct HTTPServerCurlTests {
    @Test func statusCodesOfOrdinaryRequests() throws {
        let server = try TestServer()
        #expect(try Curl.fetch(server.url + "/hello?name=caf%C3%A9+au+lait") == (200, "hello café au lait\n"))
        #expect(try Curl.fetch(server.url + "/nothing").status == 404)
        #expect(try Curl.fetch(server.url + "/hello", ["-X", "BREW"]).status == 501)
        let refused = try Curl.run(["-i", "-X", "DELETE", server.url + "/hello"]).text
        #expect(refused.hasPrefix("HTTP/1.1 405 Method Not Allowed\r\n"))
        #expect(refused.contains("Allow: GET, HEAD, OPTIONS\r\n"))
        let options = try Curl.run(["-i", "-X", "OPTIONS", server.url + "/echo"]).text
        #expect(options.hasPrefix("HTTP/1.1 204 No Content\r\n") && options.contains("Allow: POST, OPTIONS\r\n"))
        #expect(try Curl.fetch(server.url + "/echo", ["--data-binary", "ping"]) == (200, "ping"))
    }

    @Test func headAnswersTheHeadOfGet() throws {
        let server = try TestServer()
        let head = try Curl.run(["-I", server.url + "/hello"]).text
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(head.contains("Content-Length: 12\r\n"))
        #expect(head.contains("Content-Type: text/plain; charset=utf-8\r\n"))
        #expect(head.contains("Date: "))
        #expect(head.hasSuffix("\r\n\r\n"), "no body after the head")
    }

    @Test func keepAliveServesSeveralRequestsOnOneConnection() throws {
        let server = try TestServer()
        let urls = [server.url + "/hello", server.url + "/hello", server.url + "/nothing"]
        let output = try Curl.run(urls.flatMap { ["-o", "/dev/null", $0] } + ["-w", "%{num_connects} "]).text
        #expect(output == "1 0 0 ", "curl reused its connection")
        #expect(server.server.statistics.connectionsAccepted == 1)
        #expect(server.server.statistics.requests == 3)
    }

    @Test func oversizedRequestsAreRefused() throws {
        let server = try TestServer {
            $0.limits = HTTPLimits(headerBytes: 4096, headerCount: 20, targetBytes: 1024, bodyBytes: 1000)
        }
        #expect(
            try Curl.fetch(server.url + "/hello", ["-H", "X-Big: " + String(repeating: "b", count: 5000)]).status == 431
        )
        let fields = (0..<25).flatMap { ["-H", "X-\($0): v"] }
        #expect(try Curl.fetch(server.url + "/hello", fields).status == 431)
        #expect(try Curl.fetch(server.url + "/hello?q=" + String(repeating: "q", count: 2000)).status == 414)
        let directory = try TemporaryDirectory(prefix: "http-body")
        let big = directory.file("big")
        try Data(repeating: 0x61, count: 200_000).write(to: URL(fileURLWithPath: big))
        // The 413 arrives although curl is still sending: the server reads on before closing (no reset).
        let tooLarge = try Curl.fetch(server.url + "/echo", ["--data-binary", "@" + big])
        #expect(tooLarge.status == 413)
        #expect(tooLarge.body.contains("longer than 1000 bytes"))
        let chunked = try Curl.fetch(
            server.url + "/echo", ["-H", "Transfer-Encoding: chunked", "--data-binary", "abc"])
        #expect(chunked.status == 411)
        #expect(chunked.body.contains("chunked request bodies are not accepted"))
        // A body that fits, with Expect: 100-continue, is not held up waiting for the continue: the server sends
        // `100 Continue` (curl waits 1 s for it before sending the body anyway) — seen in curl's trace, not timed:
        // a loaded machine's process start-up alone can take a second.
        let small = try Curl.run(
            ["-v", "-H", "Expect: 100-continue", "--data-binary", "0123456789", "-o", "-", "-w", "\n%{http_code}",
             server.url + "/echo"])
        #expect(small.text == "0123456789\n200")
        #expect(small.stderr.contains("< HTTP/1.1 100 Continue"), "\(small.stderr)")
        #expect(server.server.statistics.refusedRequests == 5)
    }

    @Test func eventStreamsStreamUntilTheClientLeaves() throws {
        let server = try TestServer()
        // curl stops after 1.5 s (exit 28); what it printed by then are the events.
        let output = try Curl.run(["-N", "-i", "--max-time", "1.5", server.url + "/events"])
        #expect(output.status == 28)
        let text = output.text
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(text.contains("Content-Type: text/event-stream; charset=utf-8\r\n"))
        #expect(text.contains("Cache-Control: no-store\r\n"))
        #expect(text.contains("\r\n\r\nretry: 2000\n\n"))
        #expect(text.contains("event: tick\ndata: {\"n\":1}\n\n"))
        #expect(text.contains("event: tick\ndata: {\"n\":20}\n\n"), "about 100 events a second")
        #expect(waitUntil { server.closedStreams.count == 1 }, "the close handler ran")
        #expect(server.server.statistics.openEventStreams == 0)
        let head = try Curl.run(["-I", server.url + "/events"], timeout: 5).text
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n") && head.contains("text/event-stream"), "HEAD opens no stream")
        #expect(server.closedStreams.count == 1)
    }

    @Test func aTokenGuardsEveryRequest() throws {
        let secret = "s3cret-token-0123456789"
        let server = try TestServer { $0.token = try? BearerToken(secret) }
        let missing = try Curl.run(["-i", server.url + "/hello"]).text
        #expect(missing.hasPrefix("HTTP/1.1 401 Unauthorized\r\n"))
        #expect(missing.contains("WWW-Authenticate: Bearer realm=\"bodyreadings\"\r\n"))
        let wrong = try Curl.run(["-i", "-H", "Authorization: Bearer nope-nope-nope-nope", server.url + "/hello"]).text
        #expect(wrong.contains("WWW-Authenticate: Bearer realm=\"bodyreadings\", error=\"invalid_token\"\r\n"))
        #expect(try Curl.fetch(server.url + "/nothing").status == 401, "no answer reveals which paths exist")
        #expect(
            try Curl.fetch(server.url + "/hello", ["-H", "Authorization: Bearer " + secret]) == (200, "hello world\n"))
        #expect(try Curl.fetch(server.url + "/hello", ["--oauth2-bearer", secret]).status == 200)
        #expect(try Curl.fetch(server.url + "/hello?access_token=" + secret).status == 200)
        #expect(server.server.statistics.unauthorizedRequests == 3)
    }

    @Test func anAddressOthersCanReachNeedsAToken() throws {
        let address = HTTPListenAddress("0.0.0.0:0")!
        #expect(throws: HTTPServerError.tokenRequired(address: "0.0.0.0:0")) {
            try HTTPServer(configuration: .init(address: address), router: HTTPRouter())
        }
        let guarded = try HTTPServer(
            configuration: .init(address: address, token: try BearerToken("0123456789abcdef")), router: HTTPRouter())
        #expect(guarded.address.port > 0)
    }

    @Test func aTakenPortIsAnErrorAtCreation() throws {
        let server = try TestServer()
        #expect {
            try HTTPServer(configuration: .init(address: server.server.address), router: HTTPRouter())
        } throws: { error in
            guard case .cannotListen(_, "bind", _, let errno) = error as? HTTPServerError else { return false }
            return errno == EADDRINUSE
        }
    }
}
