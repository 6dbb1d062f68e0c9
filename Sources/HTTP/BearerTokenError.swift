/// Why a bearer token could not be used, in the library's terms (the CLI adds the fix and the flag).
public enum BearerTokenError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be read: the C library's reason and errno.
    case unreadable(path: String, reason: String, errno: Int32)
    /// The path names a directory or another file that is not a regular file.
    case notAFile(path: String)
    /// Every user of the machine may read the file, so the token is no secret.
    case readableByOthers(path: String)
    /// The text (or the file's first line) is empty.
    case empty(path: String?)
    /// The token holds characters outside RFC 6750's `b64token` alphabet.
    case malformed(path: String?)
    /// The token is shorter than `minimum` characters.
    case tooShort(path: String?, length: Int, minimum: Int)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason, _):
            return "cannot read the token file \(path): \(reason)"
        case .notAFile(let path):
            return "the token file \(path) is not a regular file"
        case .readableByOthers(let path):
            return "the token file \(path) is readable by every user"
        case .empty(let path):
            return "the token\(Self.where(path)) is empty"
        case .malformed(let path):
            return "the token\(Self.where(path)) holds characters other than letters, digits and -._~+/="
        case .tooShort(let path, let length, let minimum):
            return "the token\(Self.where(path)) has \(length) characters, fewer than \(minimum)"
        }
    }

    private static func `where`(_ path: String?) -> String {
        path.map { " in \($0)" } ?? ""
    }
}
