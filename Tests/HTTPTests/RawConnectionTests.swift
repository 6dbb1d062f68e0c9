import Foundation
import Testing
import TestSupport

/// The raw test client closes what it opened exactly once, also when nothing listens.
@Suite("RawConnection: a failed connect closes its socket once")
struct RawConnectionTests {
    @Test func aRefusedConnectDoesNotCloseTwice() throws {
        let port = try FreePort.loopback()
        var connected = true
        let closedTwice = DoubleCloseProbe.closesAClosedDescriptor { connected = (try? RawConnection(port: port)) != nil }
        #expect(!connected, "nothing listens on \(port)")
        #expect(!closedTwice, "the failed init closed its socket and its deinit closed the number again")
    }
}
