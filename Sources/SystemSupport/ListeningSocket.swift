#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A bound, listening, non-blocking stream socket (TCP or Unix-domain) for a server that polls it: ``accept()``
/// returns at once, with nil when no connection waits.
///
/// ```swift
/// let listener = try ListeningSocket(.ip("127.0.0.1", port: 0)!)
/// print(listener.address)              // 127.0.0.1:43817, the port the kernel chose
/// if let (connection, peer) = try listener.accept() { … }
/// ```
///
/// The descriptor is closed when the value is released. A Unix-domain path is neither removed before binding nor
/// after closing: whether a stale socket file may be replaced is the caller's decision.
package final class ListeningSocket: Sendable {
    /// The listening descriptor, for `poll`.
    package let descriptor: Int32
    /// The bound address, with the port the kernel chose when asked for port 0.
    package let address: SocketAddress

    /// Binds to `address` and listens with room for `backlog` waiting connections. TCP sockets set `SO_REUSEADDR`
    /// (a restarted server binds while old connections are in `TIME_WAIT`); an IPv6 wildcard accepts IPv4 too.
    /// The corresponding C functions are `socket`, `bind` and `listen`.
    package init(_ address: SocketAddress, backlog: Int32 = 128) throws(SystemError) {
        let name = address.description
        let descriptor = try SystemCall.streamSocket(family: address.family, path: name)
        do throws(SystemError) {
            if address.port != nil {
                try SystemCall.setOption(descriptor, level: SOL_SOCKET, name: SO_REUSEADDR, value: 1, path: name)
            }
            let bound: Void? = try address.withSockaddr { (pointer, length) throws(SystemError) in
                _ = try SystemCall.valueOrErrno("bind", path: name) { bind(descriptor, pointer, length) }
            }
            guard bound != nil else {
                throw SystemError(operation: "bind", errno: .init(rawValue: ENAMETOOLONG), path: name)
            }
            _ = try SystemCall.valueOrErrno("listen", path: name) { listen(descriptor, backlog) }
            self.address = try Self.boundAddress(descriptor, requested: address)
        } catch {
            try? SystemCall.close(descriptor)
            throw error
        }
        self.descriptor = descriptor
    }

    deinit {
        try? SystemCall.close(descriptor)
    }

    /// A waiting connection (non-blocking, close-on-exec) and its peer's address, or nil when none waits.
    package func accept() throws(SystemError) -> (descriptor: Int32, peer: SocketAddress?)? {
        guard let (connection, peer) = try SystemCall.accept(descriptor, path: address.description) else { return nil }
        return (connection, peer)
    }

    /// The address the kernel bound (its port for port 0). The corresponding C function is `getsockname`.
    private static func boundAddress(
        _ descriptor: Int32, requested: SocketAddress
    ) throws(SystemError) -> SocketAddress {
        guard requested.port != nil else { return requested }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = try SystemCall.valueOrErrno("getsockname", path: requested.description) {
            withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
            }
        }
        return SocketAddress(storage) ?? requested
    }
}
