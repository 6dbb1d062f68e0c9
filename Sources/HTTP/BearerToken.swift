import SystemSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The secret a client must present (RFC 6750) when the server listens where other machines can reach it.
///
/// A request is authorised by `Authorization: Bearer TOKEN` or, for a browser's `EventSource`, which cannot set
/// headers, by the query parameter `access_token=TOKEN` (RFC 6750 §2.3). The comparison takes the same time
/// wherever the first difference is, so that response times do not reveal the token byte by byte.
///
/// ```swift
/// let token = try BearerToken(contentsOf: "/etc/bodyreadings/http-token")
/// token.matches(Array("abc".utf8))      // false
/// ```
public struct BearerToken: Sendable {
    /// The fewest characters a token may have: 16 random characters of the b64token alphabet are about 96 bits.
    public static let minimumLength = 16

    private let secret: [UInt8]

    /// A token from its text (leading and trailing whitespace removed). Refused when shorter than
    /// ``minimumLength`` or holding characters outside RFC 6750's `b64token` (letters, digits, `-._~+/`, trailing
    /// `=`), which a client could not send in a header.
    public init(_ text: String) throws(BearerTokenError) {
        try self.init(text: text, path: nil)
    }

    /// The token in the first line of the file at `path` (what `openssl rand -hex 32 > FILE` writes). Refused as
    /// ``init(_:)`` does, when it is not a regular file, and when every user of the machine may read the file.
    public init(contentsOf path: String) throws(BearerTokenError) {
        var status = stat()
        do throws(SystemError) {
            _ = try SystemCall.valueOrErrno("stat", path: path) { stat(path, &status) }
        } catch {
            throw .unreadable(path: path, reason: error.reason, errno: error.errno.rawValue)
        }
        // A directory (or a device, a FIFO) is no token file, whatever its mode: say so before judging the mode.
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notAFile(path: path) }
        if status.st_mode & S_IROTH != 0 { throw .readableByOthers(path: path) }
        let bytes: [UInt8]
        do throws(SystemError) {
            bytes = try SystemCall.readAll(path: path, limit: 4096)
        } catch {
            throw .unreadable(path: path, reason: error.reason, errno: error.errno.rawValue)
        }
        let firstLine = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).first ?? []
        try self.init(text: String(decoding: firstLine, as: UTF8.self), path: path)
    }

    private init(text: String, path: String?) throws(BearerTokenError) {
        let token = Array(trimmed(Substring(text)).utf8).filter { $0 != UInt8(ascii: "\r") }
        if token.isEmpty { throw .empty(path: path) }
        let body = token.prefix { $0 != UInt8(ascii: "=") }
        let alphabet = Array("-._~+/".utf8)
        guard body.allSatisfy({ isAlphanumeric($0) || alphabet.contains($0) }),
            token.dropFirst(body.count).allSatisfy({ $0 == UInt8(ascii: "=") })
        else { throw .malformed(path: path) }
        if token.count < Self.minimumLength {
            throw .tooShort(path: path, length: token.count, minimum: Self.minimumLength)
        }
        secret = token
    }

    /// Whether `presented` is the token, compared in time that depends only on the token's length.
    public func matches(_ presented: some Collection<UInt8>) -> Bool {
        let presented = Array(presented)
        var difference: UInt8 = presented.count == secret.count ? 0 : 1
        for index in secret.indices {
            difference |= secret[index] ^ (index < presented.count ? presented[index] : 0)
        }
        return difference == 0
    }

    /// What `request` presents: nothing, the token, or something else.
    func verdict(on request: HTTPRequest) -> Verdict {
        if let authorization = request.headers["Authorization"] {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer" else { return .invalid }
            return matches(Array(trimmed(parts[1]).utf8)) ? .granted : .invalid
        }
        if let parameter = request.query["access_token"] {
            return matches(Array(parameter.utf8)) ? .granted : .invalid
        }
        return .missing
    }

    /// The outcome of checking a request.
    enum Verdict {
        case granted
        /// No token presented: 401 with a bare challenge.
        case missing
        /// A token that is not this one: 401 with `error="invalid_token"`.
        case invalid
    }

    /// The 401 answer to a request with `verdict` (RFC 6750 §3).
    static func challenge(_ verdict: Verdict) -> HTTPResponse {
        let invalid = verdict == .invalid
        var response = HTTPResponse.text(
            invalid
                ? "the bearer token is not this server's"
                : "this server needs a bearer token: send 'Authorization: Bearer TOKEN' (or ?access_token=TOKEN)",
            status: .unauthorized)
        response.headers.add(
            "WWW-Authenticate", "Bearer realm=\"bodyreadings\"" + (invalid ? ", error=\"invalid_token\"" : ""))
        return response
    }
}

private func isAlphanumeric(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
}
