#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An error number as libiio reports it (a positive POSIX `errno` value), with names for the ones IIO code meets.
///
/// Modelled on swift-system's `Errno`: a `RawRepresentable` wrapper, so any value libiio returns is representable,
/// and pattern matching works on an ``IIOError`` directly:
///
/// ```swift
/// do { try device.writeAttribute("sampling_frequency", value: 200) }
/// catch IIOErrno.permissionDenied { … }
/// ```
public struct IIOErrno: RawRepresentable, Hashable, Sendable {
    /// The positive `errno` value.
    public let rawValue: Int32

    /// Wraps a positive `errno` value.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// `EPERM`: the operation is not permitted (sysfs attribute owned by root).
    public static let notPermitted = IIOErrno(rawValue: EPERM)
    /// `ENOENT`: no such file, attribute or device; a local context without `/sys/bus/iio`.
    public static let noSuchFileOrDirectory = IIOErrno(rawValue: ENOENT)
    /// `EINTR`: interrupted system call.
    public static let interrupted = IIOErrno(rawValue: EINTR)
    /// `EIO`: input/output error; iiod answers it for a trigger-less device asked for its trigger.
    public static let ioError = IIOErrno(rawValue: EIO)
    /// `EAGAIN`: no data yet (non-blocking buffers).
    public static let resourceTemporarilyUnavailable = IIOErrno(rawValue: EAGAIN)
    /// `EACCES`: permission denied (`/dev/iio:deviceN` or a sysfs attribute not writable for this user).
    public static let permissionDenied = IIOErrno(rawValue: EACCES)
    /// `EBUSY`: the device or its buffer is in use (another reader has the buffer enabled).
    public static let busy = IIOErrno(rawValue: EBUSY)
    /// `ENODEV`: the device went away (unplugged, driver unbound).
    public static let noSuchDevice = IIOErrno(rawValue: ENODEV)
    /// `EINVAL`: invalid argument; the kernel's answer to an unsupported value or a buffer without trigger.
    public static let invalidArgument = IIOErrno(rawValue: EINVAL)
    /// `EPIPE`: broken pipe (network connection closed).
    public static let brokenPipe = IIOErrno(rawValue: EPIPE)
    /// `ENOSYS`: not implemented by this backend (every attribute, trigger and buffer call of an `xml:` context).
    public static let notImplemented = IIOErrno(rawValue: ENOSYS)
    /// `ETIMEDOUT`: the context timeout passed (see ``Context/setTimeout(milliseconds:)``).
    public static let timedOut = IIOErrno(rawValue: ETIMEDOUT)
    /// `ECONNREFUSED`: nothing listens at the `ip:` address.
    public static let connectionRefused = IIOErrno(rawValue: ECONNREFUSED)
    /// `ECONNRESET`: the peer reset the connection.
    public static let connectionReset = IIOErrno(rawValue: ECONNRESET)
    /// `EHOSTUNREACH`: no route to the `ip:` host.
    public static let hostUnreachable = IIOErrno(rawValue: EHOSTUNREACH)
    /// `ENXIO`: no such device or address (e.g. a host name that does not resolve).
    public static let noSuchDeviceOrAddress = IIOErrno(rawValue: ENXIO)
    /// `ENOMEM`: out of memory.
    public static let noMemory = IIOErrno(rawValue: ENOMEM)
    /// `ERANGE`: a value does not fit (e.g. an attribute longer than the read buffer).
    public static let resultOutOfRange = IIOErrno(rawValue: ERANGE)

    /// Matches an ``IIOError`` whose ``IIOError/errno`` is this value, for `catch IIOErrno.busy`.
    public static func ~= (pattern: IIOErrno, error: any Error) -> Bool {
        (error as? IIOError)?.errno == pattern
    }
}

extension IIOErrno: CustomStringConvertible {
    /// The C library's text for the error number, e.g. "Permission denied".
    public var description: String {
        guard let text = strerror(rawValue) else { return "error \(rawValue)" }
        return String(cString: text)
    }
}
