/// A failed system call: which one, the `errno` it left and, when it concerned a file, its path.
package struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The C function, e.g. `open`, `pipe`, `poll`.
    package var operation: String
    /// The `errno` value.
    package var errno: SystemErrno
    /// The file the call concerned, if any.
    package var path: String?

    package init(operation: String, errno: SystemErrno, path: String? = nil) {
        self.operation = operation
        self.errno = errno
        self.path = path
    }

    /// The C library's text of the errno, e.g. `Permission denied`.
    package var reason: String { errno.description }

    /// `open /etc/x: Permission denied (errno 13)`, or `pipe: Too many open files (errno 24)` without a path.
    package var description: String {
        "\(operation)\(path.map { " " + $0 } ?? ""): \(reason) (errno \(errno.rawValue))"
    }
}
