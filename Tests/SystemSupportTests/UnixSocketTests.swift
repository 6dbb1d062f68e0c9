import Foundation
import Testing

@testable import SystemSupport

/// Unix stream sockets: listen with a mode, replace a stale socket file but never a live one, non-blocking sends
/// that say when the socket is full, and many descriptors in one poll.
@Suite struct UnixSocketTests {
    private func temporaryPath() -> String {
        NSTemporaryDirectory() + "br-sock-\(UUID().uuidString.prefix(8)).sock"
    }

    @Test func aClientConnectsAndBothSidesExchangeBytes() throws {
        let path = temporaryPath()
        let listener = try UnixSocket.listen(path: path, mode: 0o660)
        defer {
            close(listener)
            unlink(path)
        }
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o660)
        #expect(try UnixSocket.accept(listener) == nil, "nobody waits yet")
        let client = try UnixSocket.connect(path: path)
        defer { close(client) }
        let server = try #require(try UnixSocket.accept(listener))
        defer { close(server) }
        try UnixSocket.sendAll(client, Array("ping\n".utf8))
        var buffer = [UInt8](repeating: 0, count: 16)
        var count: Int?
        for _ in 0..<100 where count == nil {
            count = try buffer.withUnsafeMutableBytes { try UnixSocket.receiveAvailable(server, into: $0) }
            if count == nil { usleep(1000) }
        }
        #expect(count == 5 && Array(buffer[0..<5]) == Array("ping\n".utf8))
        let empty = try buffer.withUnsafeMutableBytes { try UnixSocket.receiveAvailable(server, into: $0) }
        #expect(empty == nil, "nothing more: would block")
    }

    @Test func aStaleSocketFileIsReplacedButALiveOneIsNot() throws {
        let path = temporaryPath()
        let first = try UnixSocket.listen(path: path)
        #expect(throws: SystemError(operation: "bind", errno: SystemErrno(rawValue: EADDRINUSE), path: path)) {
            try UnixSocket.listen(path: path)
        }
        close(first)  // the file stays, nobody listens: what a killed service leaves behind
        #expect(FileSystem.exists(path))
        let second = try UnixSocket.listen(path: path)
        close(second)
        unlink(path)
    }

    @Test func connectingWhereNobodyListensSaysWhy() {
        let path = temporaryPath()
        #expect(throws: SystemError(operation: "connect", errno: .noSuchFile, path: path)) {
            try UnixSocket.connect(path: path)
        }
        let long = "/tmp/" + String(repeating: "x", count: 200)
        #expect(throws: SystemError(operation: "socket", errno: SystemErrno(rawValue: ENAMETOOLONG), path: long)) {
            try UnixSocket.connect(path: long)
        }
    }

    @Test func aFullSocketTakesNothingMoreAndAClosedPeerIsAnError() throws {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        defer { close(ends[0]) }
        let chunk = [UInt8](repeating: 7, count: 1 << 16)
        var total = 0
        var last = -1
        while last != 0 {
            last = try chunk.withUnsafeBytes { try UnixSocket.sendAvailable(ends[0], $0) }
            total += last
            #expect(total < 1 << 26, "a socket buffer is not that large")
            if total >= 1 << 26 { break }
        }
        #expect(total > 0 && last == 0)
        close(ends[1])
        #expect(throws: SystemError(operation: "send", errno: .brokenPipe)) {
            try chunk.withUnsafeBytes { try UnixSocket.sendAvailable(ends[0], $0) }
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
