import MotionMath
import Testing

@testable import HTTP

/// The parser on tables of well-formed and malformed requests, whole and split at every byte.
@Suite struct HTTPRequestParserTests {
    /// Parses `text` fed in pieces of `chunk` bytes (0: all at once); the steps up to the first request or failure.
    private func parse(_ text: String, chunk: Int = 0, limits: HTTPLimits = HTTPLimits()) -> HTTPRequestParser.Step {
        parse(Array(text.utf8), chunk: chunk, limits: limits)
    }

    private func parse(_ bytes: [UInt8], chunk: Int = 0, limits: HTTPLimits = HTTPLimits()) -> HTTPRequestParser.Step {
        var parser = HTTPRequestParser(limits: limits)
        let size = chunk == 0 ? max(bytes.count, 1) : chunk
        var offset = 0
        var step = HTTPRequestParser.Step.incomplete
        repeat {
            parser.append(bytes[offset..<min(offset + size, bytes.count)])
            offset += size
            step = parser.next()
            if step == .continueExpected { step = parser.next() }
            if case .incomplete = step { continue }
            return step
        } while offset < bytes.count
        return step
    }

    private func status(_ step: HTTPRequestParser.Step) -> Int? {
        switch step {
        case .failure(let error): return error.status.code
        case .request: return 200
        case .incomplete, .continueExpected: return nil
        }
    }

    @Test func aSimpleGet() throws {
        let step = parse("GET /api/steps?from=2025-01-02&per=hour HTTP/1.1\r\nHost: x\r\nAccept: */*\r\n\r\n")
        guard case .request(let request) = step else {
            Issue.record("expected a request, got \(step)")
            return
        }
        #expect(request.method == .get)
        #expect(request.path == "/api/steps")
        #expect(request.query["from"] == "2025-01-02")
        #expect(request.query["per"] == "hour")
        #expect(request.version == .http11)
        #expect(request.headers["host"] == "x")
        #expect(request.headers["ACCEPT"] == "*/*")
        #expect(request.keepsAlive)
        #expect(request.body.isEmpty)
    }

    /// Well-formed requests the parser must accept, with what it must make of them.
    static let accepted: [(String, String, String)] = [
        // request, expected path, expected first query value of "q" (or "")
        ("GET / HTTP/1.1\r\nHost: a\r\n\r\n", "/", ""),
        ("GET /a%20b HTTP/1.1\r\nHost: a\r\n\r\n", "/a b", ""),
        ("GET /x?q=a+b%2Bc HTTP/1.1\r\nHost: a\r\n\r\n", "/x", "a b+c"),
        ("GET /x?q=%C3%A9 HTTP/1.1\r\nHost: a\r\n\r\n", "/x", "é"),
        ("GET /x?q HTTP/1.1\r\nHost: a\r\n\r\n", "/x", ""),
        ("GET /x?a=1&&q=2& HTTP/1.1\r\nHost: a\r\n\r\n", "/x", "2"),
        ("GET http://example/y?q=3 HTTP/1.1\r\nHost: example\r\n\r\n", "/y", "3"),
        ("GET http://example HTTP/1.1\r\nHost: example\r\n\r\n", "/", ""),
        // LF-only line ends (RFC 9112 §2.2) and empty lines before the request line.
        ("GET /lf HTTP/1.1\nHost: a\n\n", "/lf", ""),
        ("\r\n\r\nGET /after-empty-lines HTTP/1.1\r\nHost: a\r\n\r\n", "/after-empty-lines", ""),
        // HTTP/1.0 needs no Host; a later 1.x minor is served as 1.1.
        ("GET /old HTTP/1.0\r\n\r\n", "/old", ""),
        ("GET /newer HTTP/1.7\r\nHost: a\r\n\r\n", "/newer", ""),
        // Whitespace around a value is not part of it; obs-text bytes are allowed.
        ("GET /ws HTTP/1.1\r\nHost:   a  \t\r\nX-Y: caf\u{E9}\r\n\r\n", "/ws", ""),
        ("OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n", "*", ""),
        ("POST /b HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc", "/b", ""),
        ("POST /b HTTP/1.1\r\nHost: a\r\nContent-Length: 3, 3\r\n\r\nabc", "/b", ""),
        ("GET /curly?q={|} HTTP/1.1\r\nHost: a\r\n\r\n", "/curly", "{|}"),
    ]

    @Test(arguments: accepted)
    func acceptsWholeAndByteByByte(request: String, path: String, q: String) {
        for chunk in [0, 1, 2, 7] {
            let step = parse(request, chunk: chunk)
            guard case .request(let parsed) = step else {
                Issue.record("\(request.debugDescription) in chunks of \(chunk): \(step)")
                continue
            }
            #expect(parsed.path == path)
            #expect((parsed.query["q"] ?? "") == q)
        }
    }

    /// Malformed or refused requests and the status each must get.
    static let refused: [(String, Int)] = [
        // Request line
        ("GET\r\n\r\n", 400),
        ("GET /\r\nHost: a\r\n\r\n", 400),  // HTTP/0.9
        ("GET  / HTTP/1.1\r\nHost: a\r\n\r\n", 400),  // double space
        ("GET / HTTP/1.1 \r\nHost: a\r\n\r\n", 400),  // trailing space
        ("G(T / HTTP/1.1\r\nHost: a\r\n\r\n", 400),  // method not a token
        ("GET / http/1.1\r\nHost: a\r\n\r\n", 400),
        ("GET / HTTP/1\r\nHost: a\r\n\r\n", 400),
        ("GET / HTTP/1.1.1\r\nHost: a\r\n\r\n", 400),
        ("GET / HTTP/0.9\r\nHost: a\r\n\r\n", 400),
        ("GET / HTTP/2.0\r\nHost: a\r\n\r\n", 505),
        ("GET / HTTP/3.0\r\nHost: a\r\n\r\n", 505),
        ("GET noslash HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("GET * HTTP/1.1\r\nHost: a\r\n\r\n", 400),  // * only for OPTIONS
        ("CONNECT a:443 HTTP/1.1\r\nHost: a\r\n\r\n", 400),  // authority-form: not a proxy
        ("GET /a#frag HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("GET /a%zz HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("GET /a%4 HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("GET /a%00b HTTP/1.1\r\nHost: a\r\n\r\n", 400),  // NUL
        ("GET /a%ff HTTP/1.1\r\nHost: a\r\n\r\n", 400),  // not UTF-8
        ("GET /a?q=%G0 HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("GET /a\u{7F} HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("GET /\u{E9} HTTP/1.1\r\nHost: a\r\n\r\n", 400),  // raw non-ASCII in the target
        ("GET /a\rb HTTP/1.1\r\nHost: a\r\n\r\n", 400),  // bare CR
        // Header fields
        ("GET / HTTP/1.1\r\nHost: a\r\nNoColon\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nName : v\r\n\r\n", 400),  // whitespace before the colon
        ("GET / HTTP/1.1\r\nHost: a\r\n: v\r\n\r\n", 400),  // empty name
        ("GET / HTTP/1.1\r\nHost: a\r\nX\u{1}Y: v\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nX: a\u{1}b\r\n\r\n", 400),  // control character in a value
        ("GET / HTTP/1.1\r\nHost: a\r\nX: a\rb\r\n\r\n", 400),  // bare CR in a value
        ("GET / HTTP/1.1\r\nHost: a\r\nX: a\r\n folded\r\n\r\n", 400),  // obsolete line folding
        ("GET / HTTP/1.1\r\n\r\n", 400),  // no Host
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
        // Framing
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1x\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: +3\r\n\r\nabc", 400),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length:\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd", 400),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3, 4\r\n\r\nabcd", 400),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 65537\r\n\r\n", 413),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999999999\r\n\r\n", 413),
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n", 411),
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 411),
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\r\n\r\n", 501),
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\nabc", 400),
        ("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: a\r\nExpect: 200-ok\r\nContent-Length: 1\r\n\r\nx", 417),
    ]

    @Test(arguments: refused)
    func refusesWholeAndByteByByte(request: String, expected: Int) {
        for chunk in [0, 1, 3] {
            #expect(status(parse(request, chunk: chunk)) == expected, "\(request.debugDescription), chunks of \(chunk)")
        }
    }

    @Test func limitsOfTheHead() {
        let limits = HTTPLimits(headerBytes: 1024, headerCount: 10, targetBytes: 256, bodyBytes: 100)
        let longTarget = "GET /" + String(repeating: "a", count: 300) + " HTTP/1.1\r\nHost: a\r\n\r\n"
        #expect(status(parse(longTarget, limits: limits)) == 414)
        // A target that never ends is refused before the head limit, without waiting for a line end.
        #expect(status(parse("GET /" + String(repeating: "a", count: 400), limits: limits)) == 414)
        let manyFields = "GET / HTTP/1.1\r\nHost: a\r\n" + (0..<10).map { "X-\($0): v\r\n" }.joined() + "\r\n"
        #expect(status(parse(manyFields, limits: limits)) == 431)
        let bigField = "GET / HTTP/1.1\r\nHost: a\r\nCookie: " + String(repeating: "c", count: 1100) + "\r\n\r\n"
        #expect(status(parse(bigField, limits: limits)) == 431)
        // An endless header section is refused as soon as it passes the limit, not when it ends.
        let endless = "GET / HTTP/1.1\r\nHost: a\r\n" + String(repeating: "X: y\r\n", count: 300)
        #expect(status(parse(endless, chunk: 64, limits: limits)) == 431)
        #expect(status(parse("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 101\r\n\r\n", limits: limits)) == 413)
        #expect(
            status(
                parse(
                    "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 100\r\n\r\n" + String(repeating: "b", count: 100),
                    limits: limits)) == 200)
    }

    @Test func pipelinedRequestsComeOneByOneWithTheirBodies() {
        var parser = HTTPRequestParser()
        parser.append(
            Array(
                "POST /a HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhelloGET /b HTTP/1.1\r\nHost: h\r\n\r\nGET /c"
                    .utf8))
        guard case .request(let first) = parser.next(), case .request(let second) = parser.next() else {
            Issue.record("two requests expected")
            return
        }
        #expect(first.path == "/a" && first.body == Array("hello".utf8))
        #expect(second.path == "/b" && second.body.isEmpty)
        #expect(parser.next() == .incomplete)
        #expect(parser.isInsideRequest)
        parser.append(Array(" HTTP/1.1\r\nHost: h\r\n\r\n".utf8))
        guard case .request(let third) = parser.next() else {
            Issue.record("third request expected")
            return
        }
        #expect(third.path == "/c")
        #expect(!parser.isInsideRequest)
    }

    @Test func expectContinueIsAskedOnceBeforeTheBody() {
        var parser = HTTPRequestParser()
        parser.append(Array("PUT /u HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n".utf8))
        #expect(parser.next() == .continueExpected)
        #expect(parser.next() == .incomplete)
        parser.append(Array("ok".utf8))
        guard case .request(let request) = parser.next() else {
            Issue.record("request expected")
            return
        }
        #expect(request.body == Array("ok".utf8))
    }

    @Test func aFailureIsFinal() {
        var parser = HTTPRequestParser()
        parser.append(Array("BAD\r\n\r\n".utf8))
        guard case .failure = parser.next() else {
            Issue.record("failure expected")
            return
        }
        parser.append(Array("GET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8))
        guard case .failure = parser.next() else {
            Issue.record("the failure must repeat")
            return
        }
    }

    @Test func keepAliveFollowsVersionAndConnection() {
        func keepsAlive(_ text: String) -> Bool? {
            if case .request(let request) = parse(text) { return request.keepsAlive }
            return nil
        }
        #expect(keepsAlive("GET / HTTP/1.1\r\nHost: h\r\n\r\n") == true)
        #expect(keepsAlive("GET / HTTP/1.1\r\nHost: h\r\nConnection: Close\r\n\r\n") == false)
        #expect(keepsAlive("GET / HTTP/1.1\r\nHost: h\r\nConnection: te, close\r\n\r\n") == false)
        #expect(keepsAlive("GET / HTTP/1.0\r\n\r\n") == false)
        #expect(keepsAlive("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n") == true)
    }

    /// Random byte strings and random mutations of a valid request: the parser answers every one (a request or a
    /// refusal, never a crash), and the answer does not depend on how the bytes were split.
    @Test func mutatedRequestsGetTheSameAnswerHoweverSplit() {
        var random = SplitMix64(seed: 12)
        let valid = Array("POST /api/x?a=1 HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\nX-A: b\r\n\r\nbody".utf8)
        let alphabet = Array("\r\n :%/?=&\t\u{0}\u{7F}HTTP1.0GETabc9".utf8) + [0xFF, 0xC3]
        for round in 0..<2000 {
            var bytes = valid
            if round % 10 == 0 {
                bytes = (0..<Int(random.next() % 120)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))]
                }
            } else {
                for _ in 0..<(1 + Int(random.next() % 4)) {
                    let index = Int(random.next() % UInt64(bytes.count))
                    switch random.next() % 3 {
                    case 0: bytes[index] = alphabet[Int(random.next() % UInt64(alphabet.count))]
                    case 1: bytes.remove(at: index)
                    default: bytes.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: index)
                    }
                    if bytes.isEmpty { bytes = [0x0A] }
                }
            }
            let whole = status(parse(bytes))
            let split = status(parse(bytes, chunk: 1 + Int(random.next() % 5)))
            #expect(whole == split, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
    }
}
