import IIO
import IIODTestServer
import Testing

@testable import Sensors

/// The per-device claim is keyed on the machine a context reaches, not on how its URI is spelled:
/// `ip:localhost:PORT` and `ip:127.0.0.1:PORT` are one iiod, and a second capture through the other spelling must be
/// refused like one through the same spelling.
@Suite("capture claim: one device under every spelling of its URI")
struct CaptureClaimIdentityTests {
    @Test func twoSpellingsOfOneServerConflict() throws {
        let server = try IIODTestServer(fixture: .bmi160)
        defer { server.stop() }
        let first = try CaptureClaimTests.started(server.uri)
        defer { first.stop() }
        let writes = server.acceptedWrites(of: "sampling_frequency")
        do {
            let second = try CaptureClaimTests.started("ip:localhost:\(server.port)")
            second.stop()
            Issue.record("ip:localhost:\(server.port) captured beside \(server.uri)")
        } catch {
            #expect(error.kind == .inUse, "\(error)")
        }
        #expect(server.acceptedWrites(of: "sampling_frequency") == writes, "the refused capture wrote")
    }

    @Test func theIdentityIsTheResolvedAddressAndPort() throws {
        let server = try IIODTestServer(fixture: .bmi160)
        defer { server.stop() }
        let spellings = ["ip:127.0.0.1:\(server.port)", "ip:localhost:\(server.port)"]
        let identities = try spellings.map { DeviceClaim.identity(of: try Context(uri: $0)) }
        #expect(identities == ["ip:127.0.0.1:\(server.port)", "ip:127.0.0.1:\(server.port)"])
        let other = try IIODTestServer(fixture: .bmi160)
        defer { other.stop() }
        #expect(DeviceClaim.identity(of: try Context(uri: other.uri)) == "ip:127.0.0.1:\(other.port)")
    }

    @Test(arguments: [
        ("ip:host", nil), ("ip:host:8080", 8080), ("ip:[::1]", nil), ("ip:[::1]:9", 9), ("ip:fe80::1", nil),
        ("local:", nil), ("ip:host:x", nil),
    ] as [(String, Int?)])
    func portsOfURIs(uri: String, port: Int?) {
        #expect(SensorDiscovery.port(of: uri) == port)
    }
}
