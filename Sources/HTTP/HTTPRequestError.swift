/// Why a request was refused before it reached a handler: the status to answer and a one-line reason for the
/// response body, e.g. `431 Request Header Fields Too Large`: `header section longer than 16384 bytes`.
///
/// After such an error the server cannot trust where the next request starts: it answers and closes the connection.
public struct HTTPRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The status of the answer (400, 408, 411, 413, 414, 417, 431, 501 or 505).
    public var status: HTTPStatus
    /// What was wrong, for the client's developer.
    public var reason: String

    public init(_ status: HTTPStatus, _ reason: String) {
        self.status = status
        self.reason = reason
    }

    /// `400 Bad Request: header line without a colon`.
    public var description: String { "\(status): \(reason)" }
}
