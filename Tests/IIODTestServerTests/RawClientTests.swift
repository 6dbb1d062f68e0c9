import Glibc
import Testing
import TestSupport

/// The test client closes what it opened exactly once, also when it cannot connect (a real iiod still starting).
@Suite("RawClient: a failed connect closes its socket once")
struct RawClientTests {
    @Test func aRefusedConnectDoesNotCloseTwice() throws {
        let port = UInt16(try FreePort.loopback())
        var connected = true
        let closedTwice = DoubleCloseProbe.closesAClosedDescriptor { connected = (try? RawClient(port: port)) != nil }
        #expect(!connected, "nothing listens on \(port)")
        #expect(!closedTwice, "the failed init closed its socket and its deinit closed the number again")
    }
}
