import SystemSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines from a file descriptor or from bytes, through one fixed buffer: constant memory whatever the input length.
///
/// A returned line points into the buffer and stays valid until the next call. Line ends are `\n`; a `\r` before it
/// is dropped; the last line needs no `\n`. Recordings read it from files and stdin, the service's clients from its
/// socket.
package final class LineReader {
    /// The buffer size, which is also the longest line accepted.
    static let capacity = 1 << 20

    let source: String
    /// The 1-based number of the line returned last.
    private(set) var lineNumber = 0
    private let fd: Int32
    private let ownsDescriptor: Bool
    private let buffer: UnsafeMutablePointer<UInt8>
    private var start = 0
    private var end = 0
    private var atEOF = false

    /// Reads from `fd`, closing it at deinit when `ownsDescriptor`.
    package init(fileDescriptor fd: Int32, ownsDescriptor: Bool, source: String) {
        self.fd = fd
        self.ownsDescriptor = ownsDescriptor
        self.source = source
        self.buffer = .allocate(capacity: Self.capacity)
    }

    /// Reads lines from `bytes` held in memory.
    init(bytes: [UInt8], source: String) {
        self.fd = -1
        self.ownsDescriptor = false
        self.source = source
        self.buffer = .allocate(capacity: max(Self.capacity, bytes.count))
        bytes.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress!, count: $0.count) }
        self.end = bytes.count
        self.atEOF = true
    }

    deinit {
        buffer.deallocate()
        if ownsDescriptor { try? SystemCall.close(fd) }
    }

    /// The next line without its line end, or nil at the end of the input.
    package func nextLine() throws(RecordingError) -> UnsafeBufferPointer<UInt8>? {
        while true {
            let available = end - start
            if available > 0, let found = memchr(buffer + start, 0x0A, available) {
                let newline = found.assumingMemoryBound(to: UInt8.self) - buffer
                return take(upTo: newline, next: newline + 1)
            }
            if atEOF {
                guard available > 0 else { return nil }
                return take(upTo: end, next: end)
            }
            try refill()
        }
    }

    private func take(upTo lineEnd: Int, next: Int) -> UnsafeBufferPointer<UInt8> {
        var length = lineEnd - start
        if length > 0, buffer[start + length - 1] == 0x0D { length -= 1 }
        let line = UnsafeBufferPointer(start: buffer + start, count: length)
        start = next
        lineNumber += 1
        return line
    }

    /// Moves the partial line to the front and reads more after it.
    private func refill() throws(RecordingError) {
        if start > 0 {
            let remaining = end - start
            if remaining > 0 { memmove(buffer, buffer + start, remaining) }
            start = 0
            end = remaining
        }
        guard end < Self.capacity else {
            throw RecordingError(source: source, line: lineNumber + 1, reason: .lineTooLong(limit: Self.capacity))
        }
        let count: Int
        do {
            // stdin may be a non-blocking descriptor: wait for data instead of failing.
            let free = UnsafeMutableRawBufferPointer(start: buffer + end, count: Self.capacity - end)
            count = try SystemCall.read(fd, into: free, retryingWouldBlock: true)
        } catch {
            throw RecordingError(source: source, line: lineNumber + 1, reason: .ioFailed(errno: error.errno.rawValue))
        }
        if count == 0 { atEOF = true }
        end += count
    }
}
