/// The four attribute families of the iiod protocol (`READ dev attr`, `READ dev INPUT chn attr`,
/// `READ dev BUFFER attr`, `READ dev DEBUG attr`).
public enum IIODAttributeKind: String, Sendable, Hashable {
    /// A device attribute.
    case device
    /// A channel attribute.
    case channel
    /// A buffer attribute.
    case buffer
    /// A debug attribute.
    case debug
}
