import Glibc

/// A failed system call: which operation, on what, and errno.
public struct SystemError: Error, CustomStringConvertible, Sendable {
    /// What was attempted, e.g. "open /dev/uhid".
    public var operation: String
    /// The errno value.
    public var errno: Int32

    public init(_ operation: String, errno: Int32) {
        self.operation = operation
        self.errno = errno
    }

    public var description: String {
        "\(operation): \(String(cString: strerror(errno)))"
    }
}

/// The one funnel for C calls: retries on EINTR, turns −1 into a thrown ``SystemError``.
@discardableResult
func systemCall<T: FixedWidthInteger>(_ operation: @autoclosure () -> String, _ body: () -> T) throws(SystemError) -> T {
    while true {
        let result = body()
        if result != -1 { return result }
        let code = Glibc.errno
        if code == EINTR { continue }
        throw SystemError(operation(), errno: code)
    }
}
