/// Reads HTTP/1.1 requests (RFC 9112) from the bytes of a connection as they arrive, one request after another
/// (keep-alive and pipelining), refusing what a small loopback server should not accept.
///
/// ```swift
/// var parser = HTTPRequestParser(limits: HTTPLimits())
/// parser.append(bytesFromSocket)
/// switch parser.next() {
/// case .incomplete: break                        // read more
/// case .continueExpected: send("HTTP/1.1 100 Continue\r\n\r\n")
/// case .request(let request): answer(request)    // then call next() again: pipelined requests
/// case .failure(let error): answer(error.status, error.reason); close()
/// }
/// ```
///
/// Refused, with the status RFC 9110 names for it: a head longer than ``HTTPLimits/headerBytes`` or with more than
/// ``HTTPLimits/headerCount`` fields (431), a target longer than ``HTTPLimits/targetBytes`` (414), a body longer
/// than ``HTTPLimits/bodyBytes`` (413), `Transfer-Encoding: chunked` (411: send a `Content-Length`) or another
/// transfer coding (501), a version 2 or above (505), an `Expect` other than `100-continue` (417), and every
/// malformed request line or field (400): bare CR, obsolete line folding, whitespace before a colon, control
/// characters, a missing or repeated `Host` in HTTP/1.1, conflicting `Content-Length`s, `Content-Length` together
/// with `Transfer-Encoding` (the request-smuggling ambiguity). Lines may end in LF alone (RFC 9112 §2.2); empty lines
/// before a request are skipped. A failure is final: ``next()`` repeats it.
public struct HTTPRequestParser: Sendable {
    /// What ``next()`` found.
    public enum Step: Sendable, Hashable {
        /// More bytes are needed.
        case incomplete
        /// The head asked `Expect: 100-continue` and its body has not arrived: send `100 Continue` now (once), then
        /// call ``next()`` again when more bytes came.
        case continueExpected
        /// A whole request; its bytes are consumed.
        case request(HTTPRequest)
        /// The bytes are not a request to serve; answer `error.status` and close the connection.
        case failure(HTTPRequestError)
    }

    /// The limits this parser enforces.
    public let limits: HTTPLimits
    private var buffer: [UInt8] = []
    /// The first byte not consumed yet.
    private var start = 0
    /// How many bytes after `start` were searched for the end of the head.
    private var scanned = 0
    /// A request whose head is parsed, waiting for `length` body bytes.
    private var pending: (request: HTTPRequest, length: Int, expectsContinue: Bool)?
    private var failed: HTTPRequestError?

    public init(limits: HTTPLimits = HTTPLimits()) {
        self.limits = limits
    }

    /// Adds bytes received from the client.
    public mutating func append(_ bytes: some Collection<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// Whether part of a request has arrived (for timeouts: a request under way versus an idle connection).
    public var isInsideRequest: Bool {
        pending != nil || buffer[start...].contains { $0 != CR && $0 != LF }
    }

    /// The next request, or what stands in its way.
    public mutating func next() -> Step {
        if let failed { return .failure(failed) }
        if let waiting = pending {
            if buffer.count - start >= waiting.length {
                var request = waiting.request
                request.body = Array(buffer[start..<start + waiting.length])
                consume(waiting.length)
                pending = nil
                return .request(request)
            }
            if waiting.expectsContinue {
                pending?.expectsContinue = false
                return .continueExpected
            }
            return .incomplete
        }
        // Empty lines before a request line are skipped (RFC 9112 §2.2).
        let skipped = buffer[start...].prefix { $0 == CR || $0 == LF }.count
        if skipped > 0 {
            consume(skipped)
        }
        guard let end = findEndOfHead() else {
            if let error = earlyLimitError() { return fail(error) }
            return .incomplete
        }
        if end - start > limits.headerBytes {
            return fail(
                HTTPRequestError(.headerFieldsTooLarge, "header section longer than \(limits.headerBytes) bytes"))
        }
        let head: ParsedHead
        switch HTTPHeadParser(limits: limits).parse(buffer[start..<end]) {
        case .success(let parsed): head = parsed
        case .failure(let error): return fail(error)
        }
        consume(end - start)
        if head.bodyLength == 0 { return .request(head.request) }
        pending = (head.request, head.bodyLength, head.expectsContinue)
        return next()
    }

    /// The index just past the empty line that ends the head, or nil when it has not arrived; remembers how far it
    /// searched, so that a head arriving byte by byte is scanned once.
    private mutating func findEndOfHead() -> Int? {
        var index = start + scanned
        while index < buffer.count {
            if buffer[index] == LF {
                guard index + 1 < buffer.count else { break }
                if buffer[index + 1] == LF { return index + 2 }
                if buffer[index + 1] == CR {
                    guard index + 2 < buffer.count else { break }
                    if buffer[index + 2] == LF { return index + 3 }
                }
            }
            index += 1
        }
        scanned = index - start
        return nil
    }

    /// A limit already passed by an unfinished head: a request line longer than a target may be (414), or more
    /// bytes than a head may have (431).
    private func earlyLimitError() -> HTTPRequestError? {
        let waiting = buffer[start...]
        // Method and version around the target take at most a few dozen bytes.
        let requestLineLimit = limits.targetBytes + 64
        if waiting.count > requestLineLimit, !waiting.prefix(requestLineLimit).contains(LF) {
            return HTTPRequestError(.uriTooLong, "request target longer than \(limits.targetBytes) bytes")
        }
        if waiting.count > limits.headerBytes {
            return HTTPRequestError(.headerFieldsTooLarge, "header section longer than \(limits.headerBytes) bytes")
        }
        return nil
    }

    private mutating func fail(_ error: HTTPRequestError) -> Step {
        failed = error
        buffer = []
        start = 0
        return .failure(error)
    }

    /// Drops `count` bytes from the front; the storage is compacted once the consumed part is the larger half.
    private mutating func consume(_ count: Int) {
        start += count
        scanned = 0
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
    }
}

let CR = UInt8(ascii: "\r")
let LF = UInt8(ascii: "\n")
