import Testing
import TextFormats

@Suite struct PercentEncodingTests {
    @Test func decodes() {
        #expect(PercentEncoding.decode("a%20b%2Fc") == "a b/c")
        #expect(PercentEncoding.decode("caf%C3%A9") == "café")
        #expect(PercentEncoding.decode("a+b") == "a+b")
        #expect(PercentEncoding.decode("a+b", plusIsSpace: true) == "a b")
        #expect(PercentEncoding.decode("%2b", plusIsSpace: true) == "+")
        for bad in ["%", "%4", "%zz", "%ff", "a%G1"] {
            #expect(PercentEncoding.decode(Substring(bad)) == nil, "\(bad)")
        }
    }

    @Test func encodesAllButUnreservedAndKeptCharacters() {
        #expect(PercentEncoding.encode("/tmp/a b?#%.sqlite", keeping: "/") == "/tmp/a%20b%3F%23%25.sqlite")
        #expect(PercentEncoding.encode("café/x") == "caf%C3%A9%2Fx")
        #expect(PercentEncoding.encode("A-z_0.9~") == "A-z_0.9~")
        for text in ["/a b/ü?#", "100%", ""] {
            #expect(PercentEncoding.decode(Substring(PercentEncoding.encode(text))) == text)
        }
    }
}
