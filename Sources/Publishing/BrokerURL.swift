import TextFormats

/// Where a broker is and how to log in: `mqtt://[USER[:PASS]@]HOST[:PORT]` or `mqtts://…` (TLS).
///
/// User name and password may be %-escaped (RFC 3986 userinfo: `%40` for `@`, `%3A` for `:`); an IPv6 host goes in
/// brackets (`mqtt://[::1]:1883`). Default ports: 1883 for `mqtt`, 8883 for `mqtts` (IANA).
public struct BrokerURL: Sendable, Hashable, CustomStringConvertible {
    /// Whether the connection uses TLS (`mqtts`).
    public var usesTLS: Bool
    /// Host name or address (an IPv6 address without its brackets).
    public var host: String
    /// TCP port.
    public var port: Int
    /// User name to log in with, or nil.
    public var username: String?
    /// Password, or nil.
    public var password: String?

    /// The IANA port of unencrypted MQTT.
    public static let plainPort = 1883
    /// The IANA port of MQTT over TLS.
    public static let tlsPort = 8883

    public init(usesTLS: Bool, host: String, port: Int? = nil, username: String? = nil, password: String? = nil) {
        self.usesTLS = usesTLS
        self.host = host
        self.port = port ?? (usesTLS ? Self.tlsPort : Self.plainPort)
        self.username = username
        self.password = password
    }

    /// Parses `text`; a trailing `/` is allowed, any other path is not.
    public init(parsing text: String) throws(BrokerURLError) {
        guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") else {
            throw .unsupportedScheme("")
        }
        let scheme = text[..<colon].lowercased()
        switch scheme {
        case "mqtt": usesTLS = false
        case "mqtts": usesTLS = true
        default: throw .unsupportedScheme(scheme)
        }
        var rest = text[text.index(colon, offsetBy: 3)...]
        if let end = rest.firstIndex(where: { "/?#".contains($0) }) {
            let tail = rest[end...]
            guard tail == "/" else { throw .unexpectedPath(String(tail)) }
            rest = rest[..<end]
        }
        // The last '@' ends the userinfo: an unescaped '@' in a password is forgiven.
        if let at = rest.lastIndex(of: "@") {
            let userinfo = rest[..<at]
            rest = rest[rest.index(after: at)...]
            if let colon = userinfo.firstIndex(of: ":") {
                username = try Self.unescape(userinfo[..<colon])
                password = try Self.unescape(userinfo[userinfo.index(after: colon)...])
            } else {
                username = try Self.unescape(userinfo)
                password = nil
            }
        } else {
            username = nil
            password = nil
        }
        var portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw .unclosedBracket }
            host = String(rest[rest.index(after: rest.startIndex)..<close])
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw .unexpectedPath(String(after)) }
                portText = after.dropFirst()
            }
        } else if let colon = rest.firstIndex(of: ":") {
            host = String(rest[..<colon])
            portText = rest[rest.index(after: colon)...]
        } else {
            host = String(rest)
        }
        guard !host.isEmpty else { throw .missingHost }
        if let portText {
            guard let number = Int(portText), (1...65535).contains(number) else { throw .invalidPort(String(portText)) }
            port = number
        } else {
            port = usesTLS ? Self.tlsPort : Self.plainPort
        }
    }

    /// The URL without the password (`mqtt://board@broker:1883`), for messages and logs.
    public var description: String {
        let user = username.map { Self.escape($0) + "@" } ?? ""
        let hostText = host.contains(":") ? "[\(host)]" : host
        return "\(usesTLS ? "mqtts" : "mqtt")://\(user)\(hostText):\(port)"
    }

    /// Decodes %-escapes.
    private static func unescape(_ text: Substring) throws(BrokerURLError) -> String {
        guard let decoded = PercentEncoding.decode(text) else { throw .invalidEscape(String(text)) }
        return decoded
    }

    /// Escapes what would end the userinfo early.
    private static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "@": result += "%40"
            case ":": result += "%3A"
            case "/": result += "%2F"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
