/// Why an ``HTTPServer`` could not start.
public enum HTTPServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The address is reachable from other machines and no ``BearerToken`` was given.
    case tokenRequired(address: String)
    /// Creating, binding or listening on the socket failed: the call, the C library's reason and errno
    /// (`EADDRINUSE` 98: another program has the port; `EACCES` 13: a port below 1024 without the capability;
    /// `EADDRNOTAVAIL` 99: not an address of this machine).
    case cannotListen(address: String, operation: String, reason: String, errno: Int32)

    public var description: String {
        switch self {
        case .tokenRequired(let address):
            return "\(address) can be reached from other machines; serving it needs a bearer token"
        case .cannotListen(let address, _, let reason, _):
            return "cannot listen on \(address): \(reason)"
        }
    }
}
