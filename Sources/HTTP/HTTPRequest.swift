/// A parsed request: method, target (raw, and as decoded path and query), version, header fields and body.
public struct HTTPRequest: Sendable, Hashable {
    /// The method token.
    public var method: HTTPMethod
    /// The request target as received, e.g. `/events/motion?interval=0.1`.
    public var target: String
    /// The percent-decoded path, e.g. `/api/steps`; `*` for `OPTIONS *`. Routing compares it exactly.
    public var path: String
    /// The decoded query parameters.
    public var query: QueryParameters
    /// The protocol version.
    public var version: HTTPVersion
    /// The header fields, in order.
    public var headers: HTTPHeaders
    /// The body (`Content-Length` bytes; empty without one).
    public var body: [UInt8]

    public init(
        method: HTTPMethod, target: String, path: String, query: QueryParameters = QueryParameters(),
        version: HTTPVersion = .http11, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []
    ) {
        self.method = method
        self.target = target
        self.path = path
        self.query = query
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// Whether the client wants the connection kept open after the response (RFC 9112 §9.3): HTTP/1.1 unless
    /// `Connection: close`; HTTP/1.0 only with `Connection: keep-alive`.
    public var keepsAlive: Bool {
        let tokens = headers.tokens("Connection")
        switch version {
        case .http11: return !tokens.contains("close")
        case .http10: return tokens.contains("keep-alive") && !tokens.contains("close")
        }
    }
}
