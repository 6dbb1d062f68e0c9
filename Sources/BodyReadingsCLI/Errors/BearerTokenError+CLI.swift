import HTTP

/// `serve --token FILE` failures with their fix: an unreadable file 77 (`EX_NOPERM`) or 74, a path that is not a
/// regular file 74, a token every user may read 77, a token that is empty, malformed or short 65 (`EX_DATAERR`).
extension BearerTokenError: CLIErrorConvertible {
    public var cliError: CLIError {
        let make = "write one with 'openssl rand -hex 32 > FILE; chmod 600 FILE'"
        switch self {
        case .unreadable(_, _, let errno):
            return CLIError(
                "\(self); check --token FILE", exitCode: errno == 13 || errno == 1 ? .noPermission : .ioError)
        case .notAFile:
            return CLIError("\(self); --token names a file holding the token (\(make))", exitCode: .ioError)
        case .readableByOthers(let path):
            return CLIError("\(self); 'chmod 600 \(path)' (or 640 for a group)", exitCode: .noPermission)
        case .empty, .malformed, .tooShort:
            return CLIError("\(self); \(make)", exitCode: .dataError)
        }
    }
}
