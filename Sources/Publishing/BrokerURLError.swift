/// Why a broker URL does not parse; ``BrokerURL/init(parsing:)`` throws it. The text says what is wrong in the URL's
/// own terms; the CLI adds the usage.
public enum BrokerURLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The scheme is not `mqtt://` or `mqtts://` (or is missing).
    case unsupportedScheme(String)
    /// Nothing between `//` (and `user@`) and the port.
    case missingHost
    /// The port is not a number from 1 to 65535.
    case invalidPort(String)
    /// A `%` not followed by two hex digits, or an escape that does not decode to UTF-8.
    case invalidEscape(String)
    /// A path, query or fragment after the host: MQTT brokers have none.
    case unexpectedPath(String)
    /// An IPv6 address opened with `[` and not closed.
    case unclosedBracket

    public var description: String {
        switch self {
        case .unsupportedScheme(let scheme):
            return scheme.isEmpty ? "no scheme (expected mqtt:// or mqtts://)" : "scheme '\(scheme)' is not mqtt or mqtts"
        case .missingHost: return "no host"
        case .invalidPort(let text): return "port '\(text)' is not a number from 1 to 65535"
        case .invalidEscape(let text): return "'\(text)' is not a valid %-escape"
        case .unexpectedPath(let text): return "unexpected '\(text)' after the host (brokers have no paths)"
        case .unclosedBracket: return "'[' of an IPv6 address is not closed"
        }
    }
}
