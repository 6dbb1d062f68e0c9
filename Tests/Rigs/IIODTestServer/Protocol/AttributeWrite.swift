/// One `WRITE` the server accepted or refused, for tests that check what a client changed (and restored).
public struct AttributeWrite: Sendable, Hashable {
    /// The device id.
    public var device: String
    /// The channel id for channel attributes.
    public var channel: String?
    /// The attribute family.
    public var kind: IIODAttributeKind
    /// The attribute name as the client sent it.
    public var attribute: String
    /// The value written (up to the first NUL, trailing newline removed).
    public var value: String
    /// The answer: the byte count on success, a negative errno on failure.
    public var result: Int
}
