import Foundation

/// Tells whether code closed a descriptor that was no longer open: the trace a double close leaves when nothing
/// reused the number in between. A double close is a bug even when it succeeds: the second `close` then ends a
/// descriptor another thread opened under the same number (a parallel test's socket or pipe closed under it shows as
/// `send failed: errno 9`).
public enum DoubleCloseProbe {
    /// Runs `body` and returns true when it ended with `errno` EBADF. Meant for code whose own calls cannot fail with
    /// EBADF otherwise (a failed connect leaves ECONNREFUSED; a clean close leaves `errno` alone).
    public static func closesAClosedDescriptor(_ body: () -> Void) -> Bool {
        errno = 0
        body()
        return errno == EBADF
    }
}
