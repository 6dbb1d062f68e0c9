import Glibc
import Testing

@testable import SystemSupport

@Suite struct ListeningSocketTests {
    @Test func tcpOnAPortTheKernelChooses() throws {
        let listener = try ListeningSocket(#require(SocketAddress.ip("127.0.0.1", port: 0)))
        let port = try #require(listener.address.port)
        #expect(port > 0)
        #expect(listener.address.description == "127.0.0.1:\(port)")
        #expect(try listener.accept() == nil, "nothing waits: nil at once, no blocking")
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(client) }
        let connected = try #require(listener.address.withSockaddr { connect(client, $0, $1) })
        #expect(connected == 0)
        let accepted = try #require(try listener.accept())
        defer { close(accepted.descriptor) }
        #expect(accepted.peer?.isLoopback == true)
        #expect(fcntl(accepted.descriptor, F_GETFL) & O_NONBLOCK != 0)
        var buffer = [UInt8](repeating: 0, count: 8)
        #expect(try buffer.withUnsafeMutableBytes { try SystemCall.receive(accepted.descriptor, into: $0) } == nil)
        close(client)
        #expect(try buffer.withUnsafeMutableBytes { try SystemCall.receive(accepted.descriptor, into: $0) } == 0)
        // The peer is gone: the first send may still succeed (and draw a reset), a later one fails, without SIGPIPE.
        #expect {
            for _ in 0..<3 {
                _ = try [UInt8](repeating: 1, count: 8).withUnsafeBytes { try SystemCall.send(accepted.descriptor, $0) }
            }
        } throws: { error in
            error as? SystemError == SystemError(operation: "send", errno: .brokenPipe)
                || error as? SystemError == SystemError(operation: "send", errno: .connectionReset)
        }
    }

    @Test func aTakenPortNamesTheCallAndTheAddress() throws {
        let first = try ListeningSocket(#require(SocketAddress.ip("127.0.0.1", port: 0)))
        #expect(throws: SystemError(operation: "bind", errno: .addressInUse, path: first.address.description)) {
            try ListeningSocket(first.address)
        }
    }

    @Test func unixDomain() throws {
        let path = "/tmp/br-listening-\(getpid()).sock"
        unlink(path)
        defer { unlink(path) }
        let listener = try ListeningSocket(.unix(path: path))
        #expect(listener.address == .unix(path: path))
        let client = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(client) }
        #expect(try #require(listener.address.withSockaddr { connect(client, $0, $1) }) == 0)
        let accepted = try #require(try listener.accept())
        close(accepted.descriptor)
        #expect(SocketAddress.unix(path: String(repeating: "p", count: 200)).withSockaddr { _, _ in 0 } == nil)
    }

    @Test func addresses() {
        #expect(SocketAddress.ip("::1", port: 80)?.description == "[::1]:80")
        #expect(SocketAddress.ip("::1", port: 80)?.isLoopback == true)
        #expect(SocketAddress.ip("10.0.0.1", port: 80)?.isLoopback == false)
        #expect(SocketAddress.ip("localhost", port: 80) == nil, "no name resolution")
        #expect(SocketAddress.ip("127.0.0.1", port: 70000) == nil)
    }
}
