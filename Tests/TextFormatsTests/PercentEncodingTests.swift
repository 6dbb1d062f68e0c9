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
}
