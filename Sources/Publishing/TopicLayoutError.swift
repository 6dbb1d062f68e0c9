/// Why a topic prefix or device id cannot be used; ``TopicLayout/init(prefix:deviceID:)`` throws it.
public enum TopicLayoutError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Empty text.
    case empty(what: String)
    /// A wildcard (`+`, `#`) or NUL: MQTT forbids them in topics one publishes to.
    case forbiddenCharacter(what: String, text: String, character: Character)
    /// A leading `$`: topics starting with `$` belong to the broker (`$SYS`).
    case reserved(what: String, text: String)
    /// A `/` in the device id, which would split it into levels.
    case slashInDeviceID(String)

    public var description: String {
        switch self {
        case .empty(let what): return "\(what) is empty"
        case .forbiddenCharacter(let what, let text, let character):
            return "\(what) '\(text)' contains '\(character)', which MQTT topics may not"
        case .reserved(let what, let text): return "\(what) '\(text)' starts with '$', which is the broker's"
        case .slashInDeviceID(let text): return "device id '\(text)' contains '/'"
        }
    }
}
