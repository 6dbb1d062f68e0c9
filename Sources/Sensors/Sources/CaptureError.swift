/// Why a motion source could not start or stopped delivering: a kind to branch on (the CLI maps it to an exit
/// status and, where there is one, a fix) and a one-line message naming the cause and the values involved.
/// Discovery's `SensorError`s are wrapped into it (`init(_:)`).
public struct CaptureError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure; the CLI maps it to an exit status.
    public enum Kind: Sendable, Equatable {
        /// The context has no accelerometer and no gyroscope at all: exit 69.
        case noMotionSensors
        /// A sensor, channel, trigger or attribute the capture needs does not exist: exit 69.
        case notFound
        /// The device went away while streaming (unplugged, driver unbound): exit 69.
        case vanished
        /// Opening the device or writing sysfs was refused (EACCES/EPERM): exit 77.
        case permissionDenied
        /// Another process holds the buffer (EBUSY): exit 69.
        case busy
        /// Another bodyreadings capture holds the device's settings (its `DeviceClaim`): exit 69.
        case inUse
        /// A `bodyreadings serve` refused the connection: it serves as many clients as it may (exit 69).
        case full
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
    /// One line: what happened, with the device, file or values involved.
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}

extension CaptureError {
    /// Wraps a discovery or IIO failure, keeping its message and choosing the kind from its reason.
    public init(_ error: SensorError) {
        switch error.reason {
        case .permissionDenied:
            self.init(.permissionDenied, error.message)
        case .busy:
            self.init(.busy, error.message)
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
}
