import MotionMath
import Testing

@testable import TextFormats

/// The one JSON type: compact and pretty rendering, and parsing what it renders.
@Suite struct JSONValueTests {
    let sample = JSONValue.object([
        ("t", .number(12.5)), ("n", .number(3)), ("ok", .bool(true)), ("none", .null),
        ("name", .string("a \"b\"\\\n\u{1}")), ("v", .array([.number(-0.25), .number(1e-5), .number(.nan)])),
        ("nested", .object([("empty", .object([])), ("list", .array([.object([("x", .number(1))])]))])),
    ])

    @Test func compactIsOneLineInTheGivenOrder() {
        #expect(
            sample.rendered
                == #"{"t":12.5,"n":3,"ok":true,"none":null,"name":"a \"b\"\\\n\u0001","v":[-0.25,1e-05,null],"#
                + #""nested":{"empty":{},"list":[{"x":1}]}}"#)
    }

    @Test func prettyPutsMembersOnLinesAndScalarArraysOnOne() {
        let value = JSONValue.object([("a", .array([.number(1), .number(2)])), ("b", .object([("c", .string("d"))]))])
        #expect(value.prettyRendered() == "{\n  \"a\": [1, 2],\n  \"b\": {\n    \"c\": \"d\"\n  }\n}")
    }

    @Test func spacedPutsASpaceAfterEachCommaAndColon() {
        let value = JSONValue.object([
            ("6d", .object([("samples_per_second", .number(5_929_748)), ("ns_per_sample", .number(168.64))])),
            ("list", .array([.number(1), .string("x"), .null])),
        ])
        #expect(
            value.spacedRendered
                == #"{"6d": {"samples_per_second": 5929748, "ns_per_sample": 168.64}, "list": [1, "x", null]}"#)
    }

    /// An array of objects holding objects, as `calibrate show --json` prints the store: each level two spaces
    /// deeper, scalar arrays on one line, an empty array as `[]`.
    @Test func prettyNestsObjectsInArrays() {
        let file = JSONValue.object([("version", .number(1)), ("bias", .array([.number(0.5), .number(-1e-05)]))])
        let store = JSONValue.array([.object([("path", .string("/a/b.json")), ("calibration", file)])])
        #expect(
            store.prettyRendered()
                == "[\n  {\n    \"path\": \"/a/b.json\",\n    \"calibration\": {\n      \"version\": 1,\n"
                + "      \"bias\": [0.5, -1e-05]\n    }\n  }\n]")
        #expect(JSONValue.array([]).prettyRendered() == "[]")
    }

    @Test func stringsEscapeQuotesBackslashesAndControlCharacters() {
        #expect(JSONValue.quoted("a\"b\\c\n\r\t\u{7}é") == #""a\"b\\c\n\r\t\u0007é""#)
    }

    @Test func parsesWhatItRenders() throws {
        let finite = JSONValue.object([("a", .array([.number(0.1), .number(-3), .string("é\t")])), ("b", .bool(false))])
        #expect(try JSONValue.parse(Array(finite.rendered.utf8)) == finite)
        #expect(try JSONValue.parse(Array(finite.prettyRendered().utf8)) == finite)
        #expect(try JSONValue.parse(Array(sample.rendered.utf8))["v"] == .array([.number(-0.25), .number(1e-5), .null]))
    }

    @Test func tellsATruncatedDocumentFromACorruptOne() {
        #expect(throws: JSONValue.ParseError.truncated) { try JSONValue.parse(Array(#"{"a": [1, 2"#.utf8)) }
        #expect(throws: JSONValue.ParseError.invalid(line: 2, column: 6, message: "expected a member name in quotes")) {
            try JSONValue.parse(Array("{\"a\":\n  1, ]}".utf8))
        }
    }

    @Test func appendedNumbersAreWhatTheValueRendersToAtEveryMagnitude() {
        // `append(number:)` writes plain fractions itself; it must match `.number(x)` rendered through Swift's
        // description byte for byte, also just outside its own range (1e-4, 1e15) and for integers.
        var random = SeededGenerator(seed: 15)
        var values: [Double] = [
            0.0001, 0.00011, 0.0000999, 9.999999999999999e-05, 999999999999999.9, 1e15 + 0.5, 0.1 + 0.2, 5, -3,
            1e15, 1e-300, 0.5, -0.0, 1.7976931348623157e308, .nan, .infinity,
        ]
        for _ in 0..<200_000 {
            // 2^-40 ≈ 9e-13 to 2^60 ≈ 1e18: both sides of both ends of the plain range.
            let exponent = Int(random.next() % 101) - 40
            let sign: FloatingPointSign = random.next() & 1 == 0 ? .plus : .minus
            values.append(Double(sign: sign, exponent: exponent, significand: 1 + random.nextUniform()))
            values.append(Double(bitPattern: random.next()))
        }
        var mismatches: [String] = []
        for value in values {
            var bytes: [UInt8] = []
            JSONValue.append(number: value, to: &bytes)
            // What `.number(value)` rendered to before: Swift's description of every non-integer.
            let expected = !value.isFinite
                ? "null" : value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
            if String(decoding: bytes, as: UTF8.self) != expected, mismatches.count < 5 {
                mismatches.append("\(value.bitPattern): \(String(decoding: bytes, as: UTF8.self)) vs \(expected)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }
}
