/// The one JSON value type of BodyReadings: calibration files, the CLI's JSON output, MQTT payloads.
///
/// Objects keep their key order, so that files and messages are written in the documented order and diffs stay
/// readable. A small reader and writer of its own (RFC 8259) rather than `JSONSerialization` (full Foundation): it
/// tells a truncated document from a corrupt one, reports the line and column of an error, and never confuses `true`
/// with `1`. Rendering: ``rendered`` (compact, one line) and ``prettyRendered(indent:)``; reading: ``parse(_:)``.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number; non-finite values render as `null` (JSON has no NaN or infinity).
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in the order given; keys are not checked for uniqueness.
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The member `key` of an object (first occurrence), or nil.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// A short name of the value's type, for error messages.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
