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
}
