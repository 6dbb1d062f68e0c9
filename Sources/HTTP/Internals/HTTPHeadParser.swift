/// A request head parsed by ``HTTPHeadParser``: the request without its body, and how to read the body.
struct ParsedHead {
    var request: HTTPRequest
    /// `Content-Length`, 0 without one.
    var bodyLength: Int
    /// Whether the client waits for `100 Continue` before sending the body.
    var expectsContinue: Bool
}

/// Parses one complete request head (request line, header fields, the empty line) and applies the framing rules of
/// RFC 9112 §6: what `HTTPRequestParser` documents.
struct HTTPHeadParser {
    let limits: HTTPLimits

    func parse(_ head: ArraySlice<UInt8>) -> Result<ParsedHead, HTTPRequestError> {
        var lines: [ArraySlice<UInt8>] = []
        for var line in head.split(separator: LF, omittingEmptySubsequences: false) {
            if line.last == CR { line = line.dropLast() }
            if line.contains(CR) { return .failure(bad("bare CR in the request head")) }
            lines.append(line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let requestLine = lines.first else { return .failure(bad("empty request")) }
        if lines.count - 1 > limits.headerCount {
            return .failure(HTTPRequestError(.headerFieldsTooLarge, "more than \(limits.headerCount) header fields"))
        }
        let line: RequestLine
        switch parseRequestLine(requestLine) {
        case .success(let parsed): line = parsed
        case .failure(let error): return .failure(error)
        }
        var headers = HTTPHeaders()
        for field in lines.dropFirst() {
            switch parseField(field) {
            case .success(let (name, value)): headers.add(name, value)
            case .failure(let error): return .failure(error)
            }
        }
        let request = HTTPRequest(
            method: line.method, target: line.target, path: line.path, query: line.query, version: line.version,
            headers: headers)
        return frame(request)
    }

    // MARK: Request line

    private struct RequestLine {
        var method: HTTPMethod
        var target: String
        var path: String
        var query: QueryParameters
        var version: HTTPVersion
    }

    /// `method SP request-target SP HTTP-version`, single spaces (RFC 9112 §3).
    private func parseRequestLine(_ line: ArraySlice<UInt8>) -> Result<RequestLine, HTTPRequestError> {
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else {
            return .failure(bad("request line is not 'METHOD TARGET HTTP/1.1'"))
        }
        guard parts[0].allSatisfy(isTokenByte) else { return .failure(bad("invalid method")) }
        let method = HTTPMethod(rawValue: String(decoding: parts[0], as: UTF8.self))
        if parts[1].count > limits.targetBytes {
            return .failure(HTTPRequestError(.uriTooLong, "request target longer than \(limits.targetBytes) bytes"))
        }
        // Visible ASCII only; a fragment is never sent (RFC 9112 §3.2).
        guard parts[1].allSatisfy({ (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "#") }) else {
            return .failure(bad("invalid character in the request target"))
        }
        let version: HTTPVersion
        switch parseVersion(parts[2]) {
        case .success(let parsed): version = parsed
        case .failure(let error): return .failure(error)
        }
        let target = String(decoding: parts[1], as: UTF8.self)
        guard let (path, query) = splitTarget(target, method: method) else {
            return .failure(bad("request target is not a path (or is badly percent-encoded)"))
        }
        return .success(RequestLine(method: method, target: target, path: path, query: query, version: version))
    }

    /// `HTTP/1.0`, `HTTP/1.1` (and later 1.x minors, answered as 1.1); major 2 and above: 505.
    private func parseVersion(_ text: ArraySlice<UInt8>) -> Result<HTTPVersion, HTTPRequestError> {
        let bytes = Array(text)
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        guard bytes.count == 8, bytes.starts(with: Array("HTTP/".utf8)), isDigit(bytes[5]),
            bytes[6] == UInt8(ascii: "."), isDigit(bytes[7])
        else { return .failure(bad("invalid HTTP version")) }
        switch (bytes[5], bytes[7]) {
        case (UInt8(ascii: "1"), UInt8(ascii: "0")): return .success(.http10)
        case (UInt8(ascii: "1"), _): return .success(.http11)
        case (UInt8(ascii: "0"), _): return .failure(bad("invalid HTTP version"))
        default:
            return .failure(
                HTTPRequestError(.versionNotSupported, "only HTTP/1.0 and HTTP/1.1 are served on this port"))
        }
    }

    /// The decoded path and query of an origin-form target (`/path?query`), an absolute-form one
    /// (`http://host/path?query`, RFC 9112 §3.2.2) or `*` for OPTIONS; nil for anything else.
    private func splitTarget(_ target: String, method: HTTPMethod) -> (String, QueryParameters)? {
        if target == "*" { return method == .options ? ("*", QueryParameters()) : nil }
        var rest = Substring(target)
        for scheme in ["http://", "https://"] where rest.lowercased().hasPrefix(scheme) {
            rest = rest.dropFirst(scheme.count)
            guard let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) else {
                return ("/", QueryParameters())
            }
            rest = rest[slash...]
            if rest.first == "?" { rest = "/" + rest }
        }
        guard rest.first == "/" else { return nil }
        let parts = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard let path = decodeComponent(parts[0], plusIsSpace: false),
            let query = parts.count > 1 ? QueryParameters(decoding: parts[1]) : QueryParameters()
        else { return nil }
        return (path, query)
    }

    // MARK: Header fields

    /// `name: value` with no whitespace before the colon (RFC 9112 §5.1) and no control characters but tab in the
    /// value (RFC 9110 §5.5).
    private func parseField(_ line: ArraySlice<UInt8>) -> Result<(String, String), HTTPRequestError> {
        if line.first == UInt8(ascii: " ") || line.first == UInt8(ascii: "\t") {
            return .failure(bad("obsolete line folding in a header field"))
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            return .failure(bad("header line without a colon"))
        }
        let name = line[..<colon]
        guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
            return .failure(bad("invalid header field name"))
        }
        let value = line[(colon + 1)...]
        guard value.allSatisfy({ $0 == UInt8(ascii: "\t") || ($0 >= 0x20 && $0 != 0x7F) }) else {
            return .failure(bad("control character in a header field value"))
        }
        return .success(
            (String(decoding: name, as: UTF8.self), trimmed(Substring(String(decoding: value, as: UTF8.self)))))
    }

    // MARK: Framing

    /// Host, Transfer-Encoding, Content-Length and Expect (RFC 9112 §3.2, §6; RFC 9110 §10.1.1).
    private func frame(_ request: HTTPRequest) -> Result<ParsedHead, HTTPRequestError> {
        let headers = request.headers
        if request.version == .http11 {
            let hosts = headers.values("Host")
            if hosts.isEmpty { return .failure(bad("missing Host header")) }
            if hosts.count > 1 { return .failure(bad("more than one Host header")) }
        }
        if headers.contains("Transfer-Encoding") {
            if request.version == .http10 { return .failure(bad("Transfer-Encoding in an HTTP/1.0 request")) }
            if headers.contains("Content-Length") {
                return .failure(bad("both Transfer-Encoding and Content-Length"))
            }
            if headers.tokens("Transfer-Encoding").last == "chunked" {
                return .failure(
                    HTTPRequestError(
                        .lengthRequired, "chunked request bodies are not accepted; send the body with a Content-Length")
                )
            }
            return .failure(HTTPRequestError(.notImplemented, "unsupported Transfer-Encoding"))
        }
        var length = 0
        let lengths = headers.values("Content-Length").flatMap {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        .map { trimmed($0) }
        if let first = lengths.first {
            guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.utf8.allSatisfy({ (48...57).contains($0) })
            else { return .failure(bad("invalid Content-Length")) }
            // More digits than a limit can have is too large, without overflowing an Int.
            guard first.utf8.count <= 12, let value = Int(first), value <= limits.bodyBytes else {
                return .failure(
                    HTTPRequestError(.contentTooLarge, "request body longer than \(limits.bodyBytes) bytes"))
            }
            length = value
        }
        var expectsContinue = false
        let expectations = headers.tokens("Expect")
        if !expectations.isEmpty {
            guard expectations == ["100-continue"] else {
                return .failure(HTTPRequestError(.expectationFailed, "only 'Expect: 100-continue' is understood"))
            }
            expectsContinue = request.version == .http11 && length > 0
        }
        return .success(ParsedHead(request: request, bodyLength: length, expectsContinue: expectsContinue))
    }

    private func bad(_ reason: String) -> HTTPRequestError {
        HTTPRequestError(.badRequest, reason)
    }
}

/// `tchar` of RFC 9110 §5.6.2: the bytes of a method or field name.
func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        return true
    default:
        return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
    }
}
