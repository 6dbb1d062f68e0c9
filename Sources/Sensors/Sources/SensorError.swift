/// Why a motion source could not start or stopped delivering. Each case knows a one-line message that names a fix.
public struct SensorError: Error, Sendable, Equatable, CustomStringConvertible {
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
        /// The request cannot be met (an interval shorter than the sensor allows): exit 64.
        case invalidRequest
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
