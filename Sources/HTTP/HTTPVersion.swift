/// The protocol version of a request. Other 1.x minors are answered as 1.1 (RFC 9110 §6.2); 2 and above get
/// 505 HTTP Version Not Supported.
public enum HTTPVersion: Sendable, Hashable, CustomStringConvertible {
    /// HTTP/1.0: the connection closes after each response unless the client asks `Connection: keep-alive`.
    case http10
    /// HTTP/1.1: connections persist unless either side says `Connection: close`.
    case http11

    public var description: String {
        switch self {
        case .http10: return "HTTP/1.0"
        case .http11: return "HTTP/1.1"
        }
    }
}
