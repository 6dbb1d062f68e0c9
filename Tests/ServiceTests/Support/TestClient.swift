import Foundation
import SystemSupport
import TextFormats

/// A raw client of the service's socket for tests: sends request text, reads lines with a timeout.
final class TestClient: @unchecked Sendable {
    // @unchecked: used from one test thread at a time.
    let descriptor: Int32
    private var buffer: [UInt8] = []

    init(path: String) throws {
        descriptor = try UnixSocket.connect(path: path)
    }

    deinit {
        close(descriptor)
    }

    func send(_ text: String) throws {
        try UnixSocket.sendAll(descriptor, Array((text + "\n").utf8))
    }

    /// The next line, or nil when none came within `timeout` seconds (default 30, generous for a loaded machine; the
    /// line ends the wait) or the service closed the connection.
    func line(timeout: Double = 30) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeFirst(newline + 1)
                return line
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, Int32(left * 1000) + 1) > 0 else { return nil }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = recv(descriptor, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    /// The bytes of the next `recv` (after the lines already buffered), or nil when none came within `timeout`
    /// seconds: what one send of the service brought, when it fits.
    func chunk(timeout: Double = 30) -> [UInt8]? {
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, Int32(timeout * 1000)) > 0 else { return nil }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let count = recv(descriptor, &chunk, chunk.count, 0)
        guard count > 0 else { return nil }
        return Array(chunk[0..<count])
    }

    /// The next line as JSON.
    func json(timeout: Double = 30) -> JSONValue? {
        line(timeout: timeout).flatMap { try? JSONValue.parse(Array($0.utf8)) }
    }

    /// Lines until one satisfies `predicate` (returned) or `timeout` passes (nil).
    func json(until predicate: (JSONValue) -> Bool, timeout: Double = 30) -> JSONValue? {
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0 {
            guard let value = json(timeout: deadline.timeIntervalSinceNow) else { return nil }
            if predicate(value) { return value }
        }
        return nil
    }
}
