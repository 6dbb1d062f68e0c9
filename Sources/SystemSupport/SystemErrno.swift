#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An `errno` value, with names for the ones callers tell apart, so that `catch SystemErrno.brokenPipe` reads like
/// swift-system's `Errno`.
package struct SystemErrno: RawRepresentable, Error, Hashable, Sendable, CustomStringConvertible {
    /// The C value.
    package var rawValue: Int32

    package init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The calling thread's current `errno`.
    package static var current: SystemErrno { SystemErrno(rawValue: errno) }

    /// `EINTR`: a signal interrupted the call (the funnel retries it).
    package static let interrupted = SystemErrno(rawValue: EINTR)
    /// `EAGAIN`: a non-blocking descriptor has no data or no room now.
    package static let wouldBlock = SystemErrno(rawValue: EAGAIN)
    /// `ENOENT`: no such file or directory.
    package static let noSuchFile = SystemErrno(rawValue: ENOENT)
    /// `EEXIST`: the file exists.
    package static let fileExists = SystemErrno(rawValue: EEXIST)
    /// `ENOTDIR`: a path component is not a directory.
    package static let notDirectory = SystemErrno(rawValue: ENOTDIR)
    /// `ELOOP`: a symbolic link where `O_NOFOLLOW` refuses one, or a loop of links.
    package static let symbolicLink = SystemErrno(rawValue: ELOOP)
    /// `EFBIG`: the file is larger than the caller accepts.
    package static let fileTooLarge = SystemErrno(rawValue: EFBIG)
    /// `EACCES`: permission denied.
    package static let permissionDenied = SystemErrno(rawValue: EACCES)
    /// `EPERM`: operation not permitted.
    package static let notPermitted = SystemErrno(rawValue: EPERM)
    /// `EROFS`: read-only file system.
    package static let readOnlyFileSystem = SystemErrno(rawValue: EROFS)
    /// `EPIPE`: the reading end of a pipe or socket is closed.
    package static let brokenPipe = SystemErrno(rawValue: EPIPE)
    /// `ENODEV`: no such device (a sysfs attribute of a removed device).
    package static let noSuchDevice = SystemErrno(rawValue: ENODEV)
    /// `EADDRINUSE`: another socket is bound to the address.
    package static let addressInUse = SystemErrno(rawValue: EADDRINUSE)
    /// `EADDRNOTAVAIL`: the address is not one of this machine's.
    package static let addressNotAvailable = SystemErrno(rawValue: EADDRNOTAVAIL)
    /// `ECONNRESET`: the peer reset the connection.
    package static let connectionReset = SystemErrno(rawValue: ECONNRESET)

    /// True for the errors that a change of permissions fixes: `EACCES`, `EPERM`, `EROFS`.
    package var isPermissionError: Bool {
        self == .permissionDenied || self == .notPermitted || self == .readOnlyFileSystem
    }

    /// The C library's text, e.g. `No such file or directory`.
    package var description: String {
        strerror(rawValue).map { String(cString: $0) } ?? "error \(rawValue)"
    }

    /// `catch SystemErrno.noSuchFile` matches a `SystemError` with that errno.
    package static func ~= (pattern: SystemErrno, error: any Error) -> Bool {
        (error as? SystemError)?.errno == pattern || (error as? SystemErrno) == pattern
    }
}
