#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a Unix-domain service and its clients need beyond the socket funnel (`SystemCall+Sockets`,
/// ``ListeningSocket``): a listening socket that replaces a stale socket file but never a live one and gets the
/// file's permission bits, and a blocking client connection. `bodyreadings serve` listens with it, its clients
/// connect with it.
package enum UnixSocket {
    /// Listens at `path` (non-blocking, for a poll loop) and, when given, sets the file's permission bits to `mode`
    /// (e.g. 0o660: the owner and its group may connect). A file left at `path` by a process that is gone (nobody
    /// accepts on it) is replaced; a live one is `EADDRINUSE`. Remove the file when done.
    package static func listen(path: String, mode: mode_t? = nil) throws(SystemError) -> ListeningSocket {
        if let live = try? connect(path: path) {
            try? SystemCall.close(live)
            throw SystemError(operation: "bind", errno: SystemErrno(rawValue: EADDRINUSE), path: path)
        }
        var status = stat()
        if lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFSOCK { unlink(path) }
        let listener = try ListeningSocket(.unix(path: path))
        // Not through a symbolic link that replaced the socket meanwhile.
        if let mode {
            _ = try SystemCall.valueOrErrno("chmod", path: path) { fchmodat(AT_FDCWD, path, mode, AT_SYMLINK_NOFOLLOW) }
        }
        return listener
    }

    /// Connects to the socket at `path` and returns a blocking, close-on-exec descriptor. `ENOENT`: no socket
    /// there; `ECONNREFUSED`: nobody listens; `ENAMETOOLONG`: a path longer than a socket address holds. The
    /// corresponding C function is `connect`.
    package static func connect(path: String) throws(SystemError) -> Int32 {
        let descriptor = try SystemCall.streamSocket(family: AF_UNIX, path: path)
        do throws(SystemError) {
            _ = try SystemCall.valueOrErrno("fcntl", path: path) {
                fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
            }
            let connected: Void? = try SocketAddress.unix(path: path).withSockaddr { (address, length) throws(SystemError) in
                _ = try SystemCall.valueOrErrno("connect", path: path) { Glibc.connect(descriptor, address, length) }
            }
            guard connected != nil else {
                throw SystemError(operation: "connect", errno: SystemErrno(rawValue: ENAMETOOLONG), path: path)
            }
        } catch {
            try? SystemCall.close(descriptor)
            throw error
        }
        return descriptor
    }

    /// Sends all of `bytes` on a blocking socket, waiting for room (a client's requests), without `SIGPIPE`.
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

    /// Ends both directions of the connection: a thread blocked receiving on it returns 0 at once.
    package static func shutdown(_ descriptor: Int32) {
        _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
    }
}
