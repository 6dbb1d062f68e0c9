/// The id libmosquitto gives a publication (`mid`), by which its delivery is reported.
public struct MQTTMessageID: RawRepresentable, Hashable, Sendable {
    /// libmosquitto's `mid`, 1…65535, reused once acknowledged.
    public let rawValue: Int32

    /// Wraps a `mid`.
    public init(rawValue: Int32) { self.rawValue = rawValue }
}
