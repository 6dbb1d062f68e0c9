#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call: which one and the `errno` it left.
package struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The C function, e.g. `pipe`, `poll`.
    package var operation: String
    /// The `errno` value.
    package var code: Int32

    package init(operation: String, code: Int32) {
        self.operation = operation
        self.code = code
    }

    /// `pipe: Too many open files (errno 24)`.
    package var description: String {
        let text = strerror(code).map { String(cString: $0) } ?? "error"
        return "\(operation): \(text) (errno \(code))"
    }
}
