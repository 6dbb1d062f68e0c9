/// Why a motion source could not start or stopped delivering: a kind the CLI maps to an exit status and a one-line
/// message that names the cause and, where there is one, the fix. Discovery's `SensorError`s are wrapped into it
/// (`init(_:)`).
public struct CaptureError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure; the CLI maps it to an exit status.
    public enum Kind: Sendable, Equatable {
        /// No accelerometer/gyroscope (or not the one asked for) exists: exit 69.
        case notFound
        /// The device went away while streaming (unplugged, driver unbound): exit 69.
        case vanished
        /// Opening the device or writing sysfs was refused (EACCES/EPERM): exit 77.
        case permissionDenied
        /// Another process holds the buffer (EBUSY): exit 69.
        case busy
        /// A recording could not be read or is malformed: exit 65.
        case malformedInput
        /// Reading or writing failed otherwise: exit 74.
        case io
        /// The request cannot be met (a malformed URI, an interval shorter than the sensor allows): exit 64.
        case invalidRequest
        /// Something that should not happen (a bug): exit 70.
        case internalError
    }

    public var kind: Kind
    /// One line: what happened and how to fix it.
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}

extension CaptureError {
    /// Wraps a discovery or IIO failure, keeping its message and choosing the kind from its reason; permission and
    /// busy errors get their fix appended.
    public init(_ error: SensorError) {
        switch error.reason {
        case .permissionDenied:
            self.init(.permissionDenied, error.message + CaptureError.permissionFix)
        case .busy:
            self.init(.busy, error.message + CaptureError.busyFix)
        case .deviceVanished:
            self.init(.vanished, error.message)
        case .malformedURI:
            self.init(.invalidRequest, error.message)
        case .missingContextFile, .malformedContextFile, .contextUnreachable, .missingAttribute, .malformedAttribute,
            .timedOut, .unsupported:
            self.init(.notFound, error.message)
        case .ioError:
            self.init(.io, error.message)
        }
    }

    /// The fix for EACCES/EPERM on IIO devices.
    public static let permissionFix =
        "; install udev/60-bodyreadings.rules into /etc/udev/rules.d, add yourself to group 'iio' "
        + "(sudo usermod -aG iio $USER), then log in again"
    /// The fix for EBUSY on a buffer.
    public static let busyFix =
        "; the buffer is held by another process (likely iio-sensor-proxy: try 'systemctl stop iio-sensor-proxy')"
}
