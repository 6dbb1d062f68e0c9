import IIO

/// A failure to open an IIO context or to understand its sensors, in terms the layers above can act on without
/// knowing libiio: a ``Reason`` to branch on, a one-line ``message`` naming the cause, and what was involved.
///
/// Sensors wraps every ``IIOError`` into this type (``init(_:uri:)``), so that the CLI and `BodyReadings` never need
/// to import IIO.
public struct SensorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure it is.
    public enum Reason: String, Sendable, Equatable, Codable {
        /// `EACCES`/`EPERM` on `/dev/iio:deviceN` or a sysfs attribute: the user lacks access (udev rules, group).
        case permissionDenied
        /// The URI is not a libiio URI (unknown scheme, empty host).
        case malformedURI
        /// The `xml:` file does not exist or cannot be read.
        case missingContextFile
        /// The `xml:` file is not a valid IIO context description.
        case malformedContextFile
        /// The context could not be reached: nothing listening at `ip:`, host unreachable, no such USB device.
        case contextUnreachable
        /// A sensor lacks an attribute it needs (e.g. its scale).
        case missingAttribute
        /// An attribute's value could not be understood (a non-numeric scale, a malformed mount matrix).
        case malformedAttribute
        /// The device disappeared (`ENODEV`).
        case deviceVanished
        /// The device is in use by someone else (`EBUSY`).
        case busy
        /// The context timeout passed (`ETIMEDOUT`).
        case timedOut
        /// The operation is not supported by the context (e.g. buffers on `xml:`).
        case unsupported
        /// Another input/output error.
        case ioError
    }

    /// What kind of failure it is.
    public var reason: Reason
    /// One line naming the cause (no fix: the caller knows what the user asked for and adds it).
    public var message: String
    /// The context URI, when known.
    public var uri: String?
    /// The device, as `iio:device0 (bmi160)`, when one was involved.
    public var device: String?
    /// The sysfs attribute (file name), when one was involved.
    public var attribute: String?
    /// The error number from libiio, when the failure came from there.
    public var errno: Int32?

    public init(
        _ reason: Reason, _ message: String, uri: String? = nil, device: String? = nil, attribute: String? = nil,
        errno: Int32? = nil
    ) {
        self.reason = reason
        self.message = message
        self.uri = uri
        self.device = device
        self.attribute = attribute
        self.errno = errno
    }

    /// Wraps a libiio error, classifying its error number.
    public init(_ error: IIOError, uri: String? = nil) {
        let reason: Reason
        switch error.errno {
        case _ where error.isParseFailure: reason = .malformedAttribute
        case .permissionDenied, .notPermitted: reason = .permissionDenied
        case .noSuchDevice: reason = .deviceVanished
        case .busy: reason = .busy
        case .timedOut: reason = .timedOut
        case .notImplemented: reason = .unsupported
        case .connectionRefused, .hostUnreachable, .connectionReset, .brokenPipe, .noSuchDeviceOrAddress:
            reason = .contextUnreachable
        default: reason = .ioError
        }
        let device = error.deviceID.map { id in error.deviceName.map { "\(id) (\($0))" } ?? id } ?? error.deviceName
        self.init(
            reason, Self.message(for: error, uri: uri), uri: uri ?? error.uri, device: device,
            attribute: error.attribute,
            errno: error.isParseFailure ? nil : error.errno.rawValue)
    }

    public var description: String { message }
}
