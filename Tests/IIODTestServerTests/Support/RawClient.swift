import Foundation
import Glibc

/// A minimal iiod protocol client over a plain socket, with a receive timeout so that a silent server fails the
/// test instead of hanging it.
final class RawClient {
    let fd: Int32
    private var buffer: [UInt8] = []

    /// A negative errno answer.
    struct ErrnoAnswer: Error, Equatable {
        var code: Int
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Connects to the server on `port` of 127.0.0.1.
    ///
    /// `fd` is assigned only once connected: a class whose stored properties are all set runs its `deinit` when its
    /// init throws, so closing a failed socket here and again in `deinit` closed a number that another test's
    /// thread may have opened meanwhile (a real iiod's `connect()` retries this up to 250 times).
    init(port: UInt16, timeoutSeconds: Int = 5) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket failed") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw Failure(description: "connect failed: errno \(code)")
        }
        fd = descriptor
    }

    deinit { Glibc.close(fd) }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw Failure(description: "send failed: errno \(errno)") }
            offset += sent
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw Failure(description: count == 0 ? "connection closed" : "recv timed out") }
        buffer += chunk[0..<count]
    }

    /// True when the server closed the connection (reads EOF within the timeout).
    func isClosed() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 1)
        return chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 1, 0) } == 0
    }

    func line() throws -> String {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let text = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return text
            }
            try fill()
        }
    }

    func bytes(_ count: Int) throws -> [UInt8] {
        while buffer.count < count { try fill() }
        let out = Array(buffer[..<count])
        buffer.removeSubrange(..<count)
        return out
    }

    /// Sends a command and returns the integer answer line.
    func command(_ text: String) throws -> Int {
        try send(text + "\r\n")
        let answer = try line()
        guard let value = Int(answer) else { throw Failure(description: "not an integer: \(answer)") }
        return value
    }

    /// READ with its framing: the value without the trailing NUL, or the negative errno.
    func read(_ text: String) throws -> Result<String, ErrnoAnswer> {
        let length = try command(text)
        guard length >= 0 else { return .failure(ErrnoAnswer(code: length)) }
        let payload = try bytes(length + 1)
        guard payload.last == UInt8(ascii: "\n") else { throw Failure(description: "READ payload not newline-terminated") }
        return .success(String(decoding: payload.dropLast().prefix { $0 != 0 }, as: UTF8.self))
    }

    /// WRITE with its payload (NUL-terminated like libiio's `iio_*_attr_write`); returns the answer.
    func write(_ address: String, value: String) throws -> Int {
        let payload = Array(value.utf8) + [0]
        try send("WRITE \(address) \(payload.count)\r\n")
        try send(payload)
        let answer = try line()
        guard let number = Int(answer) else { throw Failure(description: "not an integer: \(answer)") }
        return number
    }
}
