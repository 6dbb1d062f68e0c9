import Foundation
import SystemSupport

/// A client of a Unix stream socket that sends and receives lines, for the socket examples, on SystemSupport's
/// socket calls.
final class LineSocket {
    private let descriptor: Int32
    private var pending: [UInt8] = []

    init(path: String) throws {
        descriptor = try UnixSocket.connect(path: path)
    }

    deinit {
        try? SystemCall.close(descriptor)
    }

    func send(_ line: String) throws {
        try UnixSocket.sendAll(descriptor, Array((line + "\n").utf8))
    }

    /// The next line, or nil when the service closed the connection or `timeout` seconds passed without one.
    func nextLine(timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32(left * 1000) + 1) > 0 else { continue }
            let received: Result<Int?, SystemError> = buffer.withUnsafeMutableBytes { raw in
                Result { () throws(SystemError) in try SystemCall.receive(descriptor, into: raw) }
            }
            guard case .success(let outcome) = received else { return nil }
            guard let count = outcome else { continue }
            guard count > 0 else { return nil }
            pending += buffer[..<count]
        }
    }
}
