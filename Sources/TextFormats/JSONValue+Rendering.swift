extension JSONValue {
    /// Compact text on one line, no spaces: for JSON lines, command output and MQTT payloads.
    public var rendered: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return Self.render(number: value)
        case .string(let value): return Self.quoted(value)
        case .array(let values): return "[" + values.map(\.rendered).joined(separator: ",") + "]"
        case .object(let pairs):
            return "{" + pairs.map { Self.quoted($0.0) + ":" + $0.1.rendered }.joined(separator: ",") + "}"
        }
    }

    /// Pretty-printed text: objects one member per line, arrays of scalars on one line, two-space indentation
    /// (calibration files).
    public func prettyRendered(indent: String = "") -> String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return Self.render(number: value)
        case .string(let value): return Self.quoted(value)
        case .array(let elements):
            let scalar = elements.allSatisfy {
                if case .array = $0 { return false }
                if case .object = $0 { return false }
                return true
            }
            if scalar { return "[" + elements.map { $0.prettyRendered() }.joined(separator: ", ") + "]" }
            let inner = indent + "  "
            return "[\n" + elements.map { inner + $0.prettyRendered(indent: inner) }.joined(separator: ",\n")
                + "\n\(indent)]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            let inner = indent + "  "
            return "{\n"
                + members.map { inner + Self.quoted($0.0) + ": " + $0.1.prettyRendered(indent: inner) }
                .joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    /// Integral values below 10¹⁵ without a fraction (`3`), others in Swift's shortest round-trip form (`0.1`,
    /// `1e-05`), non-finite as `null`.
    private static func render(number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }

    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
