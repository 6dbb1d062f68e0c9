/// A request method (RFC 9110 §9): a case-sensitive token, with names for the standard ones.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method as it appears in the request line, e.g. `GET`.
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let get = HTTPMethod(rawValue: "GET")
    public static let head = HTTPMethod(rawValue: "HEAD")
    public static let post = HTTPMethod(rawValue: "POST")
    public static let put = HTTPMethod(rawValue: "PUT")
    public static let delete = HTTPMethod(rawValue: "DELETE")
    public static let patch = HTTPMethod(rawValue: "PATCH")
    public static let options = HTTPMethod(rawValue: "OPTIONS")
    public static let trace = HTTPMethod(rawValue: "TRACE")
    public static let connect = HTTPMethod(rawValue: "CONNECT")

    /// The methods of RFC 9110 and PATCH (RFC 5789). Another token is answered 501 Not Implemented; one of these
    /// that a path does not serve, 405 Method Not Allowed.
    public static let standard: Set<HTTPMethod> = [
        .get, .head, .post, .put, .delete, .patch, .options, .trace, .connect,
    ]

    public var description: String { rawValue }
}
