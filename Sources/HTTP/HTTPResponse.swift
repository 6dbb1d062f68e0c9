/// A response to send: status, header fields and body. The server adds `Content-Length`, `Date`, `Connection`
/// and, for HEAD, leaves out the body; handlers set the rest (`Content-Type`, `Cache-Control`, …).
public struct HTTPResponse: Sendable, Hashable {
    /// The status.
    public var status: HTTPStatus
    /// Header fields besides the ones the server adds.
    public var headers: HTTPHeaders
    /// The body.
    public var body: [UInt8]

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response whose body is `body` of `contentType` (e.g. `application/json`).
    public init(status: HTTPStatus = .ok, contentType: String, body: some Sequence<UInt8>) {
        self.init(status: status, headers: ["Content-Type": contentType], body: Array(body))
    }

    /// A plain-text (UTF-8) response; a newline is added when `text` lacks one.
    public static func text(_ text: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(
            status: status, contentType: "text/plain; charset=utf-8",
            body: Array((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// The plain-text answer to a refused request: its status and reason.
    public static func refusal(_ error: HTTPRequestError) -> HTTPResponse {
        text(error.reason, status: error.status)
    }
}
