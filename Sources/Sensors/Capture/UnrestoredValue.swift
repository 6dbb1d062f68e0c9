/// A sysfs value a capture changed and could not put back when it ended: the device keeps the capture's value
/// until someone writes `previous` again.
public struct UnrestoredValue: Sendable, Equatable {
    /// The sysfs file, `sampling_frequency` or `in_accel_sampling_frequency`.
    public var attribute: String
    /// The text it held before the capture changed it, what it should be set back to.
    public var previous: String
    /// Why the write back failed (the C library's text of the error, `Connection reset by peer`).
    public var reason: String

    public init(attribute: String, previous: String, reason: String) {
        self.attribute = attribute
        self.previous = previous
        self.reason = reason
    }
}
