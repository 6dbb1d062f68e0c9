extension JSONValue {
    /// Compact text on one line, no spaces: for JSON lines, command output and MQTT payloads.
    public var rendered: String { line(comma: ",", colon: ":") }

    /// Text on one line with a space after each comma and colon (the style of Python's `json.dumps`):
    /// `{"a": [1, 2], "b": null}`, for output a person may read too (`benchmark --json`).
    public var spacedRendered: String { line(comma: ", ", colon: ": ") }

    private func line(comma: String, colon: String) -> String {
        var bytes: [UInt8] = []
        append(to: &bytes, comma: Array(comma.utf8), colon: Array(colon.utf8))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the compact text (`rendered`) to `bytes`: what a service writes per update goes straight into its
    /// line, without the intermediate strings of a rendering by concatenation.
    public func append(to bytes: inout [UInt8]) {
        append(to: &bytes, comma: [UInt8(ascii: ",")], colon: [UInt8(ascii: ":")])
    }

    private func append(to bytes: inout [UInt8], comma: [UInt8], colon: [UInt8]) {
        switch self {
        case .null: bytes += "null".utf8
        case .bool(let value): bytes += (value ? "true" : "false").utf8
        case .number(let value): Self.append(number: value, to: &bytes)
        case .string(let value): Self.appendQuoted(value, to: &bytes)
        case .array(let values):
            bytes.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { bytes += comma }
                value.append(to: &bytes, comma: comma, colon: colon)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let pairs):
            bytes.append(UInt8(ascii: "{"))
            for (index, pair) in pairs.enumerated() {
                if index > 0 { bytes += comma }
                Self.appendQuoted(pair.0, to: &bytes)
                bytes += colon
                pair.1.append(to: &bytes, comma: comma, colon: colon)
            }
            bytes.append(UInt8(ascii: "}"))
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

    /// Appends `number` as `.number(number)` renders it: for a writer of a fixed shape of object that skips
    /// building the value (a service's line per sample).
    public static func append(number: Double, to bytes: inout [UInt8]) {
        // Where Swift's form is plain decimal (fractions from 1e-4 to 1e15), the same shortest round-trip digits
        // written straight into the bytes: no `String` per number (a service's raw line has ten, 1600 a second).
        let magnitude = number.magnitude
        if magnitude >= 1e-4, magnitude < 1e15, number != number.rounded() {
            DoubleText.appendShortest(number, to: &bytes)
            return
        }
        bytes += render(number: number).utf8
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
        var bytes: [UInt8] = []
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` as a JSON string literal. Bytes of multi-byte UTF-8 sequences are copied as they are: only
    /// ASCII needs escaping.
    private static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += #"\""#.utf8
            case UInt8(ascii: "\\"): bytes += #"\\"#.utf8
            case 0x0A: bytes += #"\n"#.utf8
            case 0x0D: bytes += #"\r"#.utf8
            case 0x09: bytes += #"\t"#.utf8
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                bytes += "\\u".utf8
                bytes += String(repeating: "0", count: 4 - hex.count).utf8
                bytes += hex.utf8
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
