#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The address of a socket: IPv4 or IPv6 (numeric, with a port) or a Unix-domain path.
///
/// What ``ListeningSocket`` binds to and what it reports of a peer. Names are not resolved (no DNS: a service that
/// listens on `localhost` should say `127.0.0.1` or `::1`, and a peer is known by its number).
package enum SocketAddress: Sendable, Hashable, CustomStringConvertible {
    /// An IPv4 address (4 bytes, network order) and a TCP port (0: the kernel picks one when binding).
    case ipv4(address: [UInt8], port: Int)
    /// An IPv6 address (16 bytes, network order) and a TCP port.
    case ipv6(address: [UInt8], port: Int)
    /// A Unix-domain stream socket's path (at most 107 bytes).
    case unix(path: String)

    /// `host` as a numeric IPv4 (`127.0.0.1`) or IPv6 (`::1`, without brackets) address with `port`; nil when `host`
    /// is neither or `port` is outside 0…65535. The corresponding C function is `inet_pton`.
    package static func ip(_ host: String, port: Int) -> SocketAddress? {
        guard (0...65535).contains(port) else { return nil }
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 {
            return .ipv4(address: withUnsafeBytes(of: &v4) { Array($0) }, port: port)
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, host, &v6) == 1 {
            return .ipv6(address: withUnsafeBytes(of: &v6) { Array($0) }, port: port)
        }
        return nil
    }

    /// The TCP port; nil for a Unix-domain address.
    package var port: Int? {
        switch self {
        case .ipv4(_, let port), .ipv6(_, let port): return port
        case .unix: return nil
        }
    }

    /// Whether only this machine can reach the address: 127.0.0.0/8, `::1`, an IPv4-mapped loopback address or a
    /// Unix-domain path.
    package var isLoopback: Bool {
        switch self {
        case .ipv4(let address, _): return address.first == 127
        case .ipv6(let address, _):
            if address == [UInt8](repeating: 0, count: 15) + [1] { return true }
            let mappedPrefix = [UInt8](repeating: 0, count: 10) + [0xFF, 0xFF]
            return address.count == 16 && address.prefix(12).elementsEqual(mappedPrefix) && address[12] == 127
        case .unix: return true
        }
    }

    /// `127.0.0.1:8080`, `[::1]:8080` or the path.
    package var description: String {
        switch self {
        case .ipv4(let address, let port): return "\(text(AF_INET, address)):\(port)"
        case .ipv6(let address, let port): return "[\(text(AF_INET6, address))]:\(port)"
        case .unix(let path): return path
        }
    }

    /// The address `storage` holds (as `accept` and `getsockname` fill it); nil for another family.
    package init?(_ storage: sockaddr_storage) {
        var storage = storage
        switch Int32(storage.ss_family) {
        case AF_INET:
            let value = withUnsafeBytes(of: &storage) { $0.load(as: sockaddr_in.self) }
            var address = value.sin_addr
            self = .ipv4(
                address: withUnsafeBytes(of: &address) { Array($0) }, port: Int(UInt16(bigEndian: value.sin_port)))
        case AF_INET6:
            let value = withUnsafeBytes(of: &storage) { $0.load(as: sockaddr_in6.self) }
            var address = value.sin6_addr
            self = .ipv6(
                address: withUnsafeBytes(of: &address) { Array($0) }, port: Int(UInt16(bigEndian: value.sin6_port)))
        case AF_UNIX:
            let value = withUnsafeBytes(of: &storage) { $0.load(as: sockaddr_un.self) }
            let path = withUnsafeBytes(of: value.sun_path) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            self = .unix(path: path)
        default:
            return nil
        }
    }

    /// The C family constant (`AF_INET`, `AF_INET6`, `AF_UNIX`).
    package var family: Int32 {
        switch self {
        case .ipv4: return AF_INET
        case .ipv6: return AF_INET6
        case .unix: return AF_UNIX
        }
    }

    /// Calls `body` with the address as a C `sockaddr` and its length; nil when a Unix path is too long.
    package func withSockaddr<Result, Failure: Error>(
        _ body: (UnsafePointer<sockaddr>, socklen_t) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        var storage = sockaddr_storage()
        /// Puts `value` at the start of `storage`; returns its length.
        func store<Address>(_ value: Address) -> Int {
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: value, as: Address.self) }
            return MemoryLayout<Address>.size
        }
        let length: Int
        switch self {
        case .ipv4(let address, let port):
            var value = sockaddr_in()
            value.sin_family = sa_family_t(AF_INET)
            value.sin_port = UInt16(port).bigEndian
            withUnsafeMutableBytes(of: &value.sin_addr) { $0.copyBytes(from: address.prefix(4)) }
            length = store(value)
        case .ipv6(let address, let port):
            var value = sockaddr_in6()
            value.sin6_family = sa_family_t(AF_INET6)
            value.sin6_port = UInt16(port).bigEndian
            withUnsafeMutableBytes(of: &value.sin6_addr) { $0.copyBytes(from: address.prefix(16)) }
            length = store(value)
        case .unix(let path):
            var value = sockaddr_un()
            value.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(path.utf8)
            guard bytes.count < MemoryLayout.size(ofValue: value.sun_path) else { return nil }
            withUnsafeMutableBytes(of: &value.sun_path) { $0.copyBytes(from: bytes) }
            length = store(value)
        }
        return try withUnsafePointer(to: &storage) { (pointer) throws(Failure) -> Result in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { (address) throws(Failure) -> Result in
                try body(address, socklen_t(length))
            }
        }
    }
}

/// The numeric text of an address. The corresponding C function is `inet_ntop`.
private func text(_ family: Int32, _ address: [UInt8]) -> String {
    var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
    let written = address.withUnsafeBytes { raw in
        inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count))
    }
    guard written != nil else { return "?" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
