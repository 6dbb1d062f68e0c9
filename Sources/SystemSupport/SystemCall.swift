#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one funnel between POSIX conventions and Swift, as `IIO/Internals/Calls.swift` is for libiio and swift-system's
/// `valueOrErrno` for its syscalls: every call that can be interrupted by a signal is retried on `EINTR` here, and a
/// failure ("−1 and errno") becomes a typed `SystemError` naming the call and the file. No other code in `Sources/`
/// loops on `EINTR`, writes in a loop or wraps a mutex.
package enum SystemCall {
    /// Runs `call` until it does not fail with `EINTR`; returns its result, leaving `errno` as the last call set it.
    /// For calls whose failure the caller handles itself (the return value of `poll`, a wake-up write).
    @inline(__always)
    package static func retryingInterrupts<Result: BinaryInteger>(_ call: () -> Result) -> Result {
        while true {
            let result = call()
            if result == -1 && errno == EINTR { continue }
            return result
        }
    }

    /// `call`'s non-negative result, retried on `EINTR`; −1 becomes a `SystemError` of `operation` on `path`.
    @inline(__always)
    package static func valueOrErrno<Result: BinaryInteger>(
        _ operation: String, path: String? = nil, _ call: () -> Result
    ) throws(SystemError) -> Result {
        let result = retryingInterrupts(call)
        guard result == -1 else { return result }
        throw SystemError(operation: operation, errno: .current, path: path)
    }

    /// Opens `path` (with `O_CLOEXEC` added) and returns the descriptor. The corresponding C function is `open`.
    package static func open(_ path: String, _ flags: Int32, mode: mode_t = 0) throws(SystemError) -> Int32 {
        try valueOrErrno("open", path: path) { cOpen(path, flags | O_CLOEXEC, mode) }
    }

    /// Closes `descriptor`; a failure (where NFS reports a lost write) is an error. Not retried on `EINTR`: on Linux
    /// the descriptor is released even then. The corresponding C function is `close`.
    package static func close(_ descriptor: Int32, path: String? = nil) throws(SystemError) {
        guard cClose(descriptor) == 0 else {
            throw SystemError(operation: "close", errno: .current, path: path)
        }
    }

    /// Flushes the file's data to the disk. The corresponding C function is `fsync`.
    package static func fsync(_ descriptor: Int32, path: String? = nil) throws(SystemError) {
        _ = try valueOrErrno("fsync", path: path) { cFsync(descriptor) }
    }

    /// Reads up to `buffer.count` bytes; 0 at the end of the file. With `retryingWouldBlock`, `EAGAIN` is retried
    /// too (a descriptor the caller did not open, stdin, may be non-blocking). The corresponding C function is
    /// `read`.
    package static func read(
        _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String? = nil,
        retryingWouldBlock: Bool = false
    ) throws(SystemError) -> Int {
        while true {
            let count = retryingInterrupts { cRead(descriptor, buffer.baseAddress, buffer.count) }
            if count >= 0 { return count }
            let code = SystemErrno.current
            if retryingWouldBlock && code == .wouldBlock { continue }
            throw SystemError(operation: "read", errno: code, path: path)
        }
    }

    /// Reads up to `buffer.count` bytes at `offset` without moving the file position. The corresponding C function
    /// is `pread`.
    package static func read(
        _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, atOffset offset: Int, path: String? = nil
    ) throws(SystemError) -> Int {
        try valueOrErrno("pread", path: path) { pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset)) }
    }

    /// Writes all of `bytes`, continuing after short writes and retrying `EINTR` and `EAGAIN` (stdout may be a
    /// non-blocking pipe). The corresponding C function is `write`.
    package static func writeAll(
        _ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, path: String? = nil
    ) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let count = cWrite(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if count < 0 {
                let code = SystemErrno.current
                if code == .interrupted || code == .wouldBlock { continue }
                throw SystemError(operation: "write", errno: code, path: path)
            }
            offset += count
        }
    }

    /// Writes all of `bytes`; see `writeAll(_:_:path:)`.
    package static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], path: String? = nil) throws(SystemError) {
        try bytes.withUnsafeBytes { raw in
            Result { () throws(SystemError) in try writeAll(descriptor, raw, path: path) }
        }.get()
    }

    /// The whole content of the file at `path`; `EFBIG` when it is longer than `limit` bytes.
    package static func readAll(path: String, limit: Int = 1 << 24) throws(SystemError) -> [UInt8] {
        let descriptor = try open(path, O_RDONLY)
        defer { _ = cClose(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 14)
        while true {
            let count = try chunk.withUnsafeMutableBytes { raw in
                Result { () throws(SystemError) in try read(descriptor, into: raw, path: path) }
            }.get()
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { throw SystemError(operation: "read", errno: .fileTooLarge, path: path) }
        }
    }
}

// File-scope names for the C functions: inside `SystemCall`, `open`, `close`, `read` and `fsync` name its own.
private func cOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func cClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func cFsync(_ descriptor: Int32) -> Int32 { fsync(descriptor) }
private func cRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
private func cWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
