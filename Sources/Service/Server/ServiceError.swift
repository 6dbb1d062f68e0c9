import SystemSupport

#if canImport(Glibc)
import Glibc
#endif

/// Why the service could not serve: the socket could not be created or another service owns it.
public struct ServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, to branch on (the CLI maps it to an exit status).
    public enum Kind: Sendable, Equatable {
        /// Another service listens on the socket already.
        case alreadyRunning
        /// The socket's directory may not be written (EACCES, EPERM, EROFS).
        case permissionDenied
        /// The socket's path is too long for a Unix socket address (108 bytes).
        case pathTooLong
        /// Any other failure of the system.
        case system
    }

    public var kind: Kind
    /// The socket's path.
    public var path: String
    /// One line naming the cause.
    public var message: String

    public init(kind: Kind, path: String, message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }

    /// The error for a failed system call on the socket at `path`.
    init(_ error: SystemError, path: String) {
        let kind: Kind
        switch error.errno.rawValue {
        case EADDRINUSE: kind = .alreadyRunning
        case ENAMETOOLONG: kind = .pathTooLong
        case _ where error.errno.isPermissionError: kind = .permissionDenied
        default: kind = .system
        }
        let message: String
        switch kind {
        case .alreadyRunning: message = "another service listens on \(path) already"
        case .pathTooLong: message = "the socket path \(path) is longer than a socket address holds (107 bytes)"
        case .permissionDenied, .system: message = "cannot create the socket \(path): \(error.reason)"
        }
        self.init(kind: kind, path: path, message: message)
    }

    public var description: String { message }
}
