#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stream sockets in the file system (`AF_UNIX`, `SOCK_STREAM`): what `bodyreadings serve` listens on and its
/// clients connect to. Every call goes through ``SystemCall`` (EINTR retried, failures as `SystemError` naming the
/// socket's path).
///
/// Descriptors are close-on-exec. Sends never raise `SIGPIPE` (`MSG_NOSIGNAL`): a client that went away is an
/// `EPIPE` error, not the end of the service.
package enum UnixSocket {
    /// The longest path a socket address holds, bytes (`sun_path` less its terminating zero).
    package static let maximumPathLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// Creates a listening socket at `path` (non-blocking, for `accept` from a poll loop) and, when given, sets the
    /// file's permission bits to `mode` (e.g. 0o660: owner and group may connect). A file left at `path` by a
    /// process that is gone (nobody accepts on it) is replaced; a live one is `EADDRINUSE`.
    package static func listen(path: String, mode: mode_t? = nil, backlog: Int32 = 64) throws(SystemError) -> Int32 {
        if (try? connect(path: path)).map({ close($0) }) != nil {
            throw SystemError(operation: "bind", errno: SystemErrno(rawValue: EADDRINUSE), path: path)
        }
        var status = stat()
        if lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFSOCK { unlink(path) }
        let descriptor = try makeSocket(path: path)
        do throws(SystemError) {
            try withAddress(path) { address, length throws(SystemError) in
                _ = try SystemCall.valueOrErrno("bind", path: path) { bind(descriptor, address, length) }
            }
            if let mode { _ = try SystemCall.valueOrErrno("chmod", path: path) { chmod(path, mode) } }
            _ = try SystemCall.valueOrErrno("listen", path: path) { Glibc.listen(descriptor, backlog) }
            try setNonBlocking(descriptor, path: path)
        } catch {
            close(descriptor)
            throw error
        }
        return descriptor
    }

    /// Accepts one waiting connection (non-blocking and close-on-exec); nil when none waits.
    package static func accept(_ listener: Int32, path: String? = nil) throws(SystemError) -> Int32? {
        let descriptor = SystemCall.retryingInterrupts { Glibc.accept(listener, nil, nil) }
        if descriptor >= 0 {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            try setNonBlocking(descriptor, path: path)
            return descriptor
        }
        let code = SystemErrno.current
        // A connection that was reset before it was accepted is simply gone.
        if code == .wouldBlock || code.rawValue == ECONNABORTED { return nil }
        throw SystemError(operation: "accept", errno: code, path: path)
    }

    /// Connects to the socket at `path` (blocking). `ENOENT`: no socket there; `ECONNREFUSED`: nobody listens.
    package static func connect(path: String) throws(SystemError) -> Int32 {
        let descriptor = try makeSocket(path: path)
        do throws(SystemError) {
            try withAddress(path) { address, length throws(SystemError) in
                _ = try SystemCall.valueOrErrno("connect", path: path) { Glibc.connect(descriptor, address, length) }
            }
        } catch {
            close(descriptor)
            throw error
        }
        return descriptor
    }

    /// Sends as much of `bytes` as the socket takes now without blocking; returns the count (0 when it is full).
    /// The corresponding C function is `send` with `MSG_DONTWAIT | MSG_NOSIGNAL`.
    package static func sendAvailable(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
        let count = SystemCall.retryingInterrupts {
            send(descriptor, base, bytes.count, Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL))
        }
        if count >= 0 { return count }
        let code = SystemErrno.current
        if code == .wouldBlock { return 0 }
        throw SystemError(operation: "send", errno: code)
    }

    /// Sends all of `bytes`, waiting for room (a client's requests; the socket must be blocking).
    package static func sendAll(_ descriptor: Int32, _ bytes: [UInt8]) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                SystemCall.retryingInterrupts {
                    send(descriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                }
            }
            if count < 0 { throw SystemError(operation: "send", errno: .current) }
            offset += count
        }
    }

    /// Receives what is there, up to `buffer.count` bytes, without blocking: nil when nothing is there yet, 0 at
    /// the end of the stream (the peer closed it).
    package static func receiveAvailable(
        _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer
    ) throws(SystemError) -> Int? {
        let count = SystemCall.retryingInterrupts {
            recv(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT))
        }
        if count >= 0 { return count }
        let code = SystemErrno.current
        if code == .wouldBlock { return nil }
        throw SystemError(operation: "recv", errno: code)
    }

    /// Ends both directions of the connection: a thread blocked receiving on it returns 0 at once.
    package static func shutdown(_ descriptor: Int32) {
        _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
    }

    // MARK: Internals

    private static func makeSocket(path: String) throws(SystemError) -> Int32 {
        guard path.utf8.count <= maximumPathLength, !path.isEmpty else {
            throw SystemError(operation: "socket", errno: SystemErrno(rawValue: ENAMETOOLONG), path: path)
        }
        return try SystemCall.valueOrErrno("socket", path: path) {
            socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        }
    }

    private static func setNonBlocking(_ descriptor: Int32, path: String?) throws(SystemError) {
        let flags = try SystemCall.valueOrErrno("fcntl", path: path) { fcntl(descriptor, F_GETFL) }
        _ = try SystemCall.valueOrErrno("fcntl", path: path) { fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }
    }

    /// Calls `body` with a `sockaddr_un` for `path` (checked by `makeSocket` to fit).
    private static func withAddress(
        _ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) throws(SystemError) -> Void
    ) throws(SystemError) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.prefix(maximumPathLength).enumerated() { raw[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sockaddr_un>.size)
        try withUnsafePointer(to: &address) { pointer throws(SystemError) in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address throws(SystemError) in
                try body(address, length)
            }
        }
    }
}
