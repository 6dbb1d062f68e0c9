#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an `OutputFile` was refused or could not be created, written or finished: the path, the step and the error
/// number.
public struct OutputFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The step that failed.
    public enum Operation: Sendable, Equatable {
        /// The output is the same file as this input (as given; `-` is stdin): refused before anything was opened
        /// for writing (`errno` 0).
        case sameFileAsInput(String)
        /// The path is a symbolic link another user made in a directory others may write (`/tmp`): following it
        /// would let that user choose which file is replaced. Refused before anything was opened (`errno` 0).
        case untrustedLink
        /// Creating the temporary file beside the target, or opening a device or FIFO.
        case create
        /// Writing to it.
        case write
        /// Flushing, closing and renaming it over the target (where NFS and full disks report lost writes).
        case close
    }

    /// The path as given.
    public var path: String
    /// The step that failed.
    public var operation: Operation
    /// The error number (0 for `sameFileAsInput`).
    public var errno: Int32

    public init(path: String, operation: Operation, errno: Int32) {
        self.path = path
        self.operation = operation
        self.errno = errno
    }

    /// `cannot write 'PATH': <strerror>`, or `'PATH' is the same file as the input 'INPUT'`.
    public var description: String {
        if case .sameFileAsInput(let input) = operation {
            let named = input == "-" ? "standard input" : "input '\(input)'"
            return "'\(path)' is the same file as the \(named): writing it would destroy what is being read"
        }
        if operation == .untrustedLink {
            return "'\(path)' is a symbolic link another user made in a directory others may write: refusing to follow it"
        }
        let reason = strerror(errno).map { String(cString: $0) } ?? "errno \(errno)"
        return "cannot write '\(path)': \(reason)"
    }
}
