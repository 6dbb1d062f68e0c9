import Glibc

/// Blocking line- and byte-oriented I/O on one connected socket, with its own read buffer (the iiod protocol
/// mixes text lines with binary payloads).
final class SocketStream {
    let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    /// Longest command line accepted; longer input is garbage and is discarded up to its newline.
    static let maxLine = 64 * 1024

    init(fd: Int32) { self.fd = fd }

    private var available: Int { buffer.count - start }

    /// Reads more bytes; false on EOF or error.
    private func fill() -> Bool {
        if start > 0 && start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                return true
            }
            if count < 0 && errno == EINTR { continue }
            return false
        }
    }

    enum Line {
        case text([UInt8])
        case tooLong
        case end
    }

    /// The next line without its `\n` (and `\r`), `.tooLong` after discarding an oversized one, `.end` on EOF.
    func readLine() -> Line {
        var scanned = 0
        var discarding = false
        while true {
            if let newline = buffer[(start + scanned)...].firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(buffer[start..<newline])
                start = newline + 1
                if discarding { return .tooLong }
                while line.last == UInt8(ascii: "\r") { line.removeLast() }
                return .text(line)
            }
            scanned = available
            if scanned > Self.maxLine {
                discarding = true
                start = buffer.count
                scanned = 0
            }
            guard fill() else { return .end }
        }
    }

    /// Exactly `count` bytes, or `nil` on EOF.
    func read(count: Int) -> [UInt8]? {
        while available < count {
            guard fill() else { return nil }
        }
        let bytes = Array(buffer[start..<(start + count)])
        start += count
        return bytes
    }

    /// Sends everything; false when the peer is gone.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += sent
        }
        return true
    }

    /// True when the peer has closed or reset the connection (nothing is read).
    func peerHungUp() -> Bool {
        // POLLRDHUP (0x2000, <poll.h> with _GNU_SOURCE) is not imported into Swift.
        let readHangUp: Int16 = 0x2000
        var descriptor = pollfd(fd: fd, events: readHangUp, revents: 0)
        guard poll(&descriptor, 1, 0) > 0 else { return false }
        return descriptor.revents & (readHangUp | Int16(POLLHUP) | Int16(POLLERR)) != 0
    }

    @discardableResult
    func write(_ text: String) -> Bool { write(Array(text.utf8)) }
}
