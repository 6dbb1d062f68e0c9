import Foundation
import Testing

@testable import SystemSupport

/// Unix stream sockets: listen with a mode, replace a stale socket file but never a live one, a blocking client,
/// and many descriptors in one poll.
@Suite struct UnixSocketTests {
    private func temporaryPath() -> String {
        NSTemporaryDirectory() + "br-sock-\(UUID().uuidString.prefix(8)).sock"
    }

    @Test func aClientConnectsAndBothSidesExchangeBytes() throws {
        let path = temporaryPath()
        let listener = try UnixSocket.listen(path: path, mode: 0o660)
        defer { unlink(path) }
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o660)
        #expect(try listener.accept() == nil, "nobody waits yet")
        let client = try UnixSocket.connect(path: path)
        defer { close(client) }
        let server = try #require(try listener.accept()?.descriptor)
        defer { close(server) }
        try UnixSocket.sendAll(client, Array("ping\n".utf8))
        var buffer = [UInt8](repeating: 0, count: 16)
        var count: Int?
        for _ in 0..<100 where count == nil {
            count = try buffer.withUnsafeMutableBytes { try SystemCall.receive(server, into: $0) }
            if count == nil { usleep(1000) }
        }
        #expect(count == 5 && Array(buffer[0..<5]) == Array("ping\n".utf8))
        let empty = try buffer.withUnsafeMutableBytes { try SystemCall.receive(server, into: $0) }
        #expect(empty == nil, "nothing more: would block")
    }

    @Test func aStaleSocketFileIsReplacedButALiveOneIsNot() throws {
        let path = temporaryPath()
        var first: ListeningSocket? = try UnixSocket.listen(path: path)
        #expect(throws: SystemError(operation: "bind", errno: SystemErrno(rawValue: EADDRINUSE), path: path)) {
            try UnixSocket.listen(path: path)
        }
        #expect(first != nil)
        first = nil  // the file stays, nobody listens: what a killed service leaves behind
        #expect(FileSystem.exists(path))
        _ = try UnixSocket.listen(path: path)
        unlink(path)
    }

    @Test func connectingWhereNobodyListensSaysWhy() {
        let path = temporaryPath()
        #expect(throws: SystemError(operation: "connect", errno: .noSuchFile, path: path)) {
            try UnixSocket.connect(path: path)
        }
        let long = "/tmp/" + String(repeating: "x", count: 200)
        #expect(throws: SystemError(operation: "connect", errno: SystemErrno(rawValue: ENAMETOOLONG), path: long)) {
            try UnixSocket.connect(path: long)
        }
    }

    @Test func onePollWatchesManyDescriptors() throws {
        let poll = try InterruptiblePoll()
        var pairs: [[Int32]] = []
        for _ in 0..<3 {
            var ends: [Int32] = [-1, -1]
            #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
            pairs.append(ends)
        }
        defer { pairs.joined().forEach { close($0) } }
        var byte: UInt8 = 1
        #expect(write(pairs[1][1], &byte, 1) == 1)
        var descriptors = pairs.map { pollfd(fd: $0[0], events: Int16(POLLIN), revents: 0) }
        #expect(!poll.wait(on: &descriptors, timeout: 1))
        #expect(descriptors.count == 3, "the wake-up pipe is not left in the array")
        #expect(descriptors.map { $0.revents & Int16(POLLIN) != 0 } == [false, true, false])
        poll.wake()
        #expect(poll.wait(on: &descriptors, timeout: 1))
    }
}
