/// A failed libiio operation: which call, on what, and the error number it gave.
///
/// Every libiio return code and `errno` goes through one internal funnel (`Internals/Calls.swift`) that builds this
/// value, so each error names the C operation, the device and attribute involved, and a readable message.
/// Parsing an attribute's text into a number also throws this type (with ``IIOErrno/invalidArgument`` and
/// ``value`` holding the text that did not parse).
public struct IIOError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The libiio function (or the Swift operation, for parse errors) that failed, e.g. `iio_device_attr_read`.
    public var operation: String
    /// The error number.
    public var errno: IIOErrno
    /// The context URI when the operation created a context (`ip:127.0.0.1:1`).
    public var uri: String?
    /// The device's id (`iio:device0`) when the operation concerned one.
    public var deviceID: String?
    /// The device's name (`bmi160`) when the operation concerned one.
    public var deviceName: String?
    /// The attribute (or the channel-qualified attribute, `accel_x/scale`) when one was involved.
    public var attribute: String?
    /// The attribute text that could not be parsed, for parse errors.
    public var value: String?
    /// More detail than the error number carries (e.g. the XML parser's complaint), or nil.
    public var detail: String?

    /// Creates an error; normally only the IIO module does this, tests of the layers above may too.
    public init(
        operation: String,
        errno: IIOErrno,
        uri: String? = nil,
        deviceID: String? = nil,
        deviceName: String? = nil,
        attribute: String? = nil,
        value: String? = nil,
        detail: String? = nil
    ) {
        self.operation = operation
        self.errno = errno
        self.uri = uri
        self.deviceID = deviceID
        self.deviceName = deviceName
        self.attribute = attribute
        self.value = value
        self.detail = detail
    }

    /// True when this is an attribute value that did not parse as the requested type.
    public var isParseFailure: Bool { value != nil }

    /// One line: operation, subject, cause, e.g.
    /// `iio_device_attr_read on iio:device0 (bmi160), attribute 'in_accel_scale': Permission denied (errno 13)`.
    public var description: String {
        var text = operation
        if let uri { text += " for '\(uri)'" }
        if let deviceID {
            text += " on \(deviceID)"
            if let deviceName { text += " (\(deviceName))" }
        } else if let deviceName {
            text += " on \(deviceName)"
        }
        if let attribute { text += ", attribute '\(attribute)'" }
        if let value {
            text += ": value '\(value)' does not parse"
        } else {
            text += ": \(errno) (errno \(errno.rawValue))"
        }
        if let detail { text += " [\(detail)]" }
        return text
    }
}
