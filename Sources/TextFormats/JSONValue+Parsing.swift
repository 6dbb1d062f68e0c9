extension JSONValue {
    /// Why text is not JSON.
    public enum ParseError: Error, Equatable, Sendable {
        /// The text ended inside a value (a truncated file).
        case truncated
        /// Something unexpected at line/column (1-based).
        case invalid(line: Int, column: Int, message: String)
    }

    /// Parses one JSON value from UTF-8 bytes; only whitespace may follow it.
    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSONValue {
        var parser = Parser(bytes: bytes)
        parser.skipWhitespace()
        guard parser.index < bytes.count else { throw .truncated }
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        if parser.index < bytes.count { throw parser.invalid("unexpected text after the end of the document") }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        func invalid(_ message: String) -> ParseError {
            var line = 1
            var column = 1
            for byte in bytes[..<min(index, bytes.count)] {
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
            return .invalid(line: line, column: column, message: message)
        }

        mutating func next() throws(ParseError) -> UInt8 {
            guard index < bytes.count else { throw .truncated }
            defer { index += 1 }
            return bytes[index]
        }

        mutating func peek() throws(ParseError) -> UInt8 {
            skipWhitespace()
            guard index < bytes.count else { throw .truncated }
            return bytes[index]
        }

        mutating func value(depth: Int) throws(ParseError) -> JSONValue {
            guard depth < 64 else { throw invalid("nesting deeper than 64 levels") }
            switch try peek() {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw invalid("expected a value")
            }
        }

        mutating func literal(_ word: String, _ value: JSONValue) throws(ParseError) -> JSONValue {
            for expected in word.utf8 {
                let start = index
                guard try next() == expected else {
                    index = start
                    throw invalid("expected '\(word)'")
                }
            }
            return value
        }

        mutating func object(depth: Int) throws(ParseError) -> JSONValue {
            index += 1
            var members: [(String, JSONValue)] = []
            if try peek() == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                guard try peek() == UInt8(ascii: "\"") else { throw invalid("expected a member name in quotes") }
                let key = try string()
                guard try peek() == UInt8(ascii: ":") else { throw invalid("expected ':' after a member name") }
                index += 1
                members.append((key, try value(depth: depth + 1)))
                switch try peek() {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"):
                    index += 1
                    return .object(members)
                default: throw invalid("expected ',' or '}'")
                }
            }
        }

        mutating func array(depth: Int) throws(ParseError) -> JSONValue {
            index += 1
            var elements: [JSONValue] = []
            if try peek() == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            while true {
                elements.append(try value(depth: depth + 1))
                switch try peek() {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"):
                    index += 1
                    return .array(elements)
                default: throw invalid("expected ',' or ']'")
                }
            }
        }

        mutating func string() throws(ParseError) -> String {
            index += 1
            var scalars = String.UnicodeScalarView()
            var raw: [UInt8] = []
            func flush() throws(ParseError) {
                guard !raw.isEmpty else { return }
                guard let text = String(validating: raw, as: UTF8.self) else { throw invalid("invalid UTF-8") }
                scalars.append(contentsOf: text.unicodeScalars)
                raw.removeAll()
            }
            while true {
                let byte = try next()
                switch byte {
                case UInt8(ascii: "\""):
                    try flush()
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    try flush()
                    let escape = try next()
                    switch escape {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        if (0xD800..<0xDC00).contains(code) {
                            guard try next() == UInt8(ascii: "\\"), try next() == UInt8(ascii: "u") else {
                                throw invalid("unpaired surrogate in \\u escape")
                            }
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw invalid("unpaired surrogate") }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(code) else { throw invalid("invalid \\u escape") }
                        scalars.append(scalar)
                    default: throw invalid("invalid escape in a string")
                    }
                case 0..<0x20: throw invalid("control character in a string")
                default: raw.append(byte)
                }
            }
        }

        mutating func hex4() throws(ParseError) -> UInt32 {
            var code: UInt32 = 0
            for _ in 0..<4 {
                let byte = try next()
                guard let digit = UInt32(String(UnicodeScalar(byte)), radix: 16) else {
                    throw invalid("invalid \\u escape")
                }
                code = code * 16 + digit
            }
            return code
        }

        mutating func number() throws(ParseError) -> Double {
            let start = index
            func digits() -> Int {
                var count = 0
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                    index += 1
                    count += 1
                }
                return count
            }
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else {
                if index >= bytes.count { throw .truncated }
                throw invalid("expected digits")
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else {
                    if index >= bytes.count { throw .truncated }
                    throw invalid("expected digits after '.'")
                }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                guard digits() > 0 else {
                    if index >= bytes.count { throw .truncated }
                    throw invalid("expected exponent digits")
                }
            }
            guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
                index = start
                throw invalid("number out of range")
            }
            return value
        }
    }
}
