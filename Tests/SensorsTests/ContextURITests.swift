import Testing

@testable import Sensors

/// A malformed `usb:` or `ip:` URI is a usage error before libiio sees it; every well-formed one passes.
@Suite("context URIs: malformed ones are refused before libiio sees them")
struct ContextURITests {
    @Test(arguments: [
        "usb:zz", "usb:1", "usb:1.2.3.4", "usb:1..2", "usb:1.x", "usb:70000.1", "ip:", "ip:[::1", "ip:[::1]x",
        "ip:[::1]:", "ip:[]", "ip:ho st", "ip:a/b", "ip:host:", "ip:host:0", "ip:host:65536", "ip:\u{1B}[31mhost",
        "ip:h%x", "bogus:x", "xml:", "ip:999.1.2.3", "ip:1.2.3", "ip:1234", "ip:256.0.0.1:30431", "ip:-host",
        "ip:host-", "ip:a..b", "ip:.", "ip:[zz::1]", "ip:1:2:3", "ip:::::", "ip:[fe80::1%]", "ip:fe80::1%a b",
    ])
    func malformedIsAUsageError(uri: String) {
        do {
            try SensorDiscovery.validate(uri: uri)
            Issue.record("'\(uri)' passed")
        } catch {
            #expect(error.reason == .malformedURI)
            #expect(CaptureError(error).kind == .invalidRequest)
        }
    }

    @Test(arguments: [
        "local:", "usb:", "usb:1.2", "usb:3.14.0", "ip:localhost", "ip:192.168.1.7", "ip:192.168.1.7:30431",
        "ip:raspberrypi.local", "ip:my_host-1", "ip:[::1]", "ip:[::1]:30431", "ip:fe80::1", "ip:[fe80::1%eth0]:1",
        "xml:/tmp/x.xml", "ip:host.", "ip:10.0.0.255", "ip:2001:db8::8a2e:370:7334", "ip:[::ffff:192.0.2.1]",
    ])
    func wellFormedPasses(uri: String) throws {
        try SensorDiscovery.validate(uri: uri)
    }
}
