#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket calls of the funnel: non-blocking sockets for servers that serve many connections from one thread.
/// A call that would block returns nil instead of failing; `EINTR` is retried; other failures are `SystemError`s
/// naming the call and, as `path`, the socket's address when the caller knows it.
extension SystemCall {
    /// A new non-blocking, close-on-exec stream socket of `family` (`AF_INET`, `AF_INET6`, `AF_UNIX`). The
    /// corresponding C function is `socket`.
    package static func streamSocket(family: Int32, path: String? = nil) throws(SystemError) -> Int32 {
        let descriptor = try valueOrErrno("socket", path: path) { socket(family, Int32(SOCK_STREAM.rawValue), 0) }
        setNonBlockingAndCloseOnExec(descriptor)
        return descriptor
    }

    /// Sets an integer socket option, e.g. `SO_REUSEADDR`. The corresponding C function is `setsockopt`.
    package static func setOption(
        _ descriptor: Int32, level: Int32, name: Int32, value: Int32, path: String? = nil
    ) throws(SystemError) {
        var value = value
        _ = try valueOrErrno("setsockopt", path: path) {
            setsockopt(descriptor, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
        }
    }

    /// Accepts a waiting connection as a non-blocking, close-on-exec socket, with the peer's address; nil when none
    /// waits. The corresponding C function is `accept`.
    package static func accept(
        _ descriptor: Int32, path: String? = nil
    ) throws(SystemError) -> (Int32, SocketAddress?)? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let connection = retryingInterrupts {
            withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.accept(descriptor, $0, &length) }
            }
        }
        if connection < 0 {
            let code = SystemErrno.current
            // A connection reset while it waited in the queue is not the listener's failure.
            if code == .wouldBlock || code == .connectionReset || code.rawValue == ECONNABORTED { return nil }
            throw SystemError(operation: "accept", errno: code, path: path)
        }
        setNonBlockingAndCloseOnExec(connection)
        return (connection, SocketAddress(storage))
    }

    /// Sends what fits of `bytes` without blocking and without `SIGPIPE` (a peer that closed is an `EPIPE` error);
    /// returns the count sent, nil when the socket has no room. The corresponding C function is `send`.
    package static func send(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int? {
        let count = retryingInterrupts { Glibc.send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
        if count >= 0 { return count }
        let code = SystemErrno.current
        if code == .wouldBlock { return nil }
        throw SystemError(operation: "send", errno: code)
    }

    /// Receives up to `buffer.count` bytes without blocking: 0 when the peer closed its side, nil when nothing is
    /// waiting. The corresponding C function is `recv`.
    package static func receive(
        _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer
    ) throws(SystemError) -> Int? {
        let count = retryingInterrupts { recv(descriptor, buffer.baseAddress, buffer.count, 0) }
        if count >= 0 { return count }
        let code = SystemErrno.current
        if code == .wouldBlock { return nil }
        throw SystemError(operation: "recv", errno: code)
    }

    /// Shuts down the sending side: the peer reads the end of the stream while this side can still read. Errors
    /// (the peer already gone) are ignored. The corresponding C function is `shutdown`.
    package static func shutdownSending(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Glibc's module lacks `accept4` and `SOCK_NONBLOCK` for `socket` is Linux-only: set both flags afterwards.
    private static func setNonBlockingAndCloseOnExec(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }
}
