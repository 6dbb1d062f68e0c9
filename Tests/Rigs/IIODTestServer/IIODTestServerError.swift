import Glibc

/// Why the test server could not start.
public struct IIODTestServerError: Error, CustomStringConvertible, Sendable {
    /// The socket call that failed (`socket`, `bind`, `listen`, `getsockname`).
    public var operation: String
    /// Its errno, or 0 when the host is not an IPv4 address.
    public var code: Int32
    /// The host and port asked for.
    public var address: String

    /// One line naming the cause.
    public var description: String {
        if code == 0 { return "cannot listen on \(address): not an IPv4 address (use e.g. 127.0.0.1)" }
        return "cannot listen on \(address): \(operation) failed: \(String(cString: strerror(code))) (\(code))"
    }
}
