import SystemSupport

/// Where the server listens: a numeric IPv4 or IPv6 address and a TCP port, written `127.0.0.1:8080`,
/// `[::1]:8080` or `localhost:8080` (taken as `127.0.0.1`; no other name is resolved).
public struct HTTPListenAddress: Sendable, Hashable, CustomStringConvertible {
    let socketAddress: SocketAddress

    /// Parses `HOST:PORT`; nil when the host is not a numeric address (or `localhost`) or the port is not 0…65535
    /// (0: the kernel picks a free port).
    public init?(_ text: String) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]) else {
            return nil
        }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
        } else if host.contains(":") {
            return nil  // IPv6 needs brackets
        }
        self.init(host: host == "localhost" ? "127.0.0.1" : host, port: port)
    }

    /// A numeric `host` (no brackets around IPv6) and `port`; nil when either is invalid.
    public init?(host: String, port: Int) {
        guard let address = SocketAddress.ip(host, port: port) else { return nil }
        socketAddress = address
    }

    init(_ address: SocketAddress) {
        socketAddress = address
    }

    /// The TCP port.
    public var port: Int { socketAddress.port ?? 0 }

    /// Whether only this machine can connect (127.0.0.0/8, `::1`): any other address needs a ``BearerToken``.
    public var isLoopback: Bool { socketAddress.isLoopback }

    /// `127.0.0.1:8080` or `[::1]:8080`.
    public var description: String { socketAddress.description }
}
