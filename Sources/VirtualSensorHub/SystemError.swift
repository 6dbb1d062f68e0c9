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

/// CLOCK_MONOTONIC in seconds.
public func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
}

/// CLOCK_REALTIME in seconds (the clock the kernel's HID timestamps use by default).
public func realtimeSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
}

/// Writes a line to stderr (unbuffered, through the descriptor, so it is safe from any thread).
func printError(_ text: String) {
    var bytes = Array(text.utf8)
    if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}
