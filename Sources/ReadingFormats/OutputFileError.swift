#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an `OutputFile` could not be created, written or closed: the path, the step and the error number.
public struct OutputFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The step that failed.
    public enum Operation: Sendable, Equatable {
        /// Creating or truncating the file (`open`).
        case create
        /// Writing to it.
        case write
        /// Closing it (where NFS reports write errors).
        case close
    }

    /// The path as given.
    public var path: String
    /// The step that failed.
    public var operation: Operation
    /// The error number.
    public var errno: Int32

    public init(path: String, operation: Operation, errno: Int32) {
        self.path = path
        self.operation = operation
        self.errno = errno
    }

    /// `cannot write 'PATH': <strerror>`.
    public var description: String {
        let reason = strerror(errno).map { String(cString: $0) } ?? "errno \(errno)"
        return "cannot write '\(path)': \(reason)"
    }
}
