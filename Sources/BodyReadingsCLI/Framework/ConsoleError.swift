#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Raised by `Console.flush()` when stdout can no longer be written.
public enum ConsoleError: Error, Equatable, CustomStringConvertible {
    /// The reader closed the pipe (EPIPE): a normal way for a stream to end.
    case closed
    /// Any other write error, with its errno.
    case failed(errno: Int32)

    /// The C library's text of the failure (`No space left on device`), never a bare number.
    public var description: String {
        switch self {
        case .closed: return "the reader closed the pipe"
        case .failed(let code): return strerror(code).map { String(cString: $0) } ?? "unknown error \(code)"
        }
    }
}
