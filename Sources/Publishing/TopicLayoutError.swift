/// Why a topic prefix or device id cannot be used; ``TopicLayout/init(prefix:deviceID:)`` throws it.
public enum TopicLayoutError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Empty text.
    case empty(what: String)
    /// A wildcard (`+`, `#`) or NUL: MQTT forbids them in topics one publishes to.
    case forbiddenCharacter(what: String, text: String, character: Character)
    /// A control character or Unicode non-character (its scalar value), which MQTT forbids in UTF-8 text.
    case controlCharacter(what: String, text: String, scalar: UInt32)
    /// Longer than MQTT can carry once the topics' own levels are added.
    case tooLong(what: String, bytes: Int, limit: Int)
    /// A leading `$`: topics starting with `$` belong to the broker (`$SYS`).
    case reserved(what: String, text: String)
    /// A `/` in the device id, which would split it into levels.
    case slashInDeviceID(String)

    public var description: String {
        switch self {
        case .empty(let what): return "\(what) is empty"
        case .forbiddenCharacter(let what, let text, let character):
            return "\(what) '\(text)' contains '\(character)', which MQTT topics may not"
        case .controlCharacter(let what, _, let scalar):
            let code = String(scalar, radix: 16, uppercase: true)
            return "\(what) contains U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code), a control "
                + "character MQTT topics may not hold"
        case .tooLong(let what, let bytes, let limit):
            return "\(what) is \(bytes) bytes long; MQTT allows at most \(limit) here"
        case .reserved(let what, let text): return "\(what) '\(text)' starts with '$', which is the broker's"
        case .slashInDeviceID(let text): return "device id '\(text)' contains '/'"
        }
    }
}
