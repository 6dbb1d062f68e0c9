#if canImport(Glibc)
import Glibc
#endif

/// The URIs discovery accepts: `local:` for none, and libiio's forms checked before libiio sees them, so that a
/// malformed one is a usage error (exit 64) naming the right form rather than libiio's "Bad URI" or a failed lookup.
extension SensorDiscovery {
    /// The host of an `ip:HOST[:PORT]` URI (`raspberrypi.local`, `192.168.1.7`, `[fe80::1]`), nil for other URIs.
    static func host(of uri: String) -> String? {
        guard uri.hasPrefix("ip:") else { return nil }
        let rest = uri.dropFirst(3)
        if rest.hasPrefix("["), let end = rest.firstIndex(of: "]") { return String(rest[...end]) }
        let host = rest.filter { $0 == ":" }.count == 1 ? rest.prefix { $0 != ":" } : rest
        return host.isEmpty ? nil : String(host)
    }

    /// iiod's port when an `ip:` URI names none.
    static let defaultIIODPort = 30431

    /// The port of an `ip:HOST:PORT` or `ip:[IPV6]:PORT` URI, nil when it names none (a bare IPv6 address has more
    /// than one colon and no port) or is not an `ip:` URI.
    static func port(of uri: String) -> Int? {
        guard uri.hasPrefix("ip:") else { return nil }
        let rest = uri.dropFirst(3)
        let after: Substring
        if rest.hasPrefix("[") {
            guard let end = rest.firstIndex(of: "]") else { return nil }
            after = rest[rest.index(after: end)...]
        } else {
            guard rest.filter({ $0 == ":" }).count == 1, let colon = rest.firstIndex(of: ":") else { return nil }
            after = rest[colon...]
        }
        guard after.hasPrefix(":") else { return nil }
        return Int(after.dropFirst())
    }

    static func normalized(_ uri: String?) -> String {
        guard let uri, !uri.isEmpty else { return "local:" }
        return uri
    }

    /// Rejects URIs libiio would misread: unknown schemes, `ip:` without a host, a non-numeric port.
    static func validate(uri: String) throws(SensorError) {
        let schemes = ["local:", "ip:", "usb:", "xml:", "serial:"]
        guard let scheme = schemes.first(where: uri.hasPrefix) else {
            throw SensorError(
                .malformedURI, "'\(uri)' is not a libiio URI (local:, ip:HOST[:PORT], usb:[BUS.ADDR], xml:FILE)",
                uri: uri)
        }
        let rest = uri.dropFirst(scheme.count)
        switch scheme {
        case "ip:":
            guard !rest.isEmpty else {
                throw SensorError(.malformedURI, "'\(uri)' names no host (ip:HOST[:PORT])", uri: uri)
            }
            try validate(host: rest, of: uri)
        case "xml:":
            guard !rest.isEmpty else {
                throw SensorError(.malformedURI, "'\(uri)' names no file (xml:FILE)", uri: uri)
            }
        case "usb:":
            // libiio 0.24: `usb:` (the only device) or `usb:BUS.ADDRESS[.INTERFACE]`, decimal numbers.
            let numbers = rest.split(separator: ".", omittingEmptySubsequences: false)
            guard rest.isEmpty || (2...3).contains(numbers.count) && numbers.allSatisfy({ UInt16($0) != nil }) else {
                throw SensorError(.malformedURI, "'\(uri)' is not usb: or usb:BUS.ADDRESS[.INTERFACE]", uri: uri)
            }
        default:
            break
        }
    }

    /// `HOST`, `HOST:PORT`, `[IPV6]`, `[IPV6]:PORT` or a bare IPv6 address (more than one colon, no port): a host of
    /// letters, digits, `.`, `-`, `_` (an IPv6 address of hex digits, `:`, `.` and a `%zone`).
    private static func validate(host rest: Substring, of uri: String) throws(SensorError) {
        func malformed(_ why: String) -> SensorError {
            SensorError(.malformedURI, "'\(uri)' \(why) (ip:HOST[:PORT], ip:[IPV6][:PORT])", uri: uri)
        }
        var host = rest
        var port: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw malformed("has no ']' after its IPv6 address") }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw malformed("has '\(after)' after its IPv6 address") }
                port = after.dropFirst()
            }
        } else if rest.filter({ $0 == ":" }).count == 1, let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]
            port = rest[rest.index(after: colon)...]
        }
        if let port {
            guard let number = Int(port), (1...65535).contains(number) else {
                throw SensorError(.malformedURI, "'\(uri)' has an invalid port '\(port)' (1…65535)", uri: uri)
            }
        }
        if host.contains(":") {
            guard isIPv6Address(host) else { throw malformed("names no valid IPv6 address") }
        } else {
            guard let problem = hostNameProblem(host) else { return }
            throw malformed(problem)
        }
    }

    /// Why `host` is not a host name or IPv4 address (RFC 1123: dot-separated labels of 1…63 letters, digits,
    /// hyphens and underscores, not starting or ending with a hyphen, at most 253 characters; a name of digits only
    /// is a dotted IPv4 address of four numbers 0…255); nil when it is one.
    private static func hostNameProblem(_ host: Substring) -> String? {
        var name = host
        if name.hasSuffix(".") { name = name.dropLast() }
        guard !name.isEmpty, name.count <= 253 else { return "names no valid host" }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        for label in labels {
            let allowed = label.unicodeScalars.allSatisfy { scalar in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", "-", "_": true
                default: false
                }
            }
            guard (1...63).contains(label.count), allowed, !label.hasPrefix("-"), !label.hasSuffix("-") else {
                return "names no valid host"
            }
        }
        if labels.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) {
            guard labels.count == 4, labels.allSatisfy({ ($0.count <= 3) && Int($0).map { $0 <= 255 } == true }) else {
                return "names no valid IPv4 address (four numbers 0…255)"
            }
        }
        return nil
    }

    /// True for an IPv6 address the C library parses, with an optional `%zone` (an interface name or index).
    private static func isIPv6Address(_ host: Substring) -> Bool {
        let parts = host.split(separator: "%", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 2 {
            let zone = parts[1]
            let zoneAllowed = zone.unicodeScalars.allSatisfy { scalar in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", ".", "-", "_": true
                default: false
                }
            }
            guard !zone.isEmpty, zone.count < 16, zoneAllowed else { return false }
        }
        var address = in6_addr()
        return inet_pton(AF_INET6, String(parts[0]), &address) == 1
    }
}
