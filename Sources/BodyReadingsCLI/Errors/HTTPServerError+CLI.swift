import HTTP

/// `serve --http` failures with their fix: an address others can reach without a token is a usage error (64), a
/// port another program holds 69 (`EX_UNAVAILABLE`), a privileged port 77 (`EX_NOPERM`), an address this machine
/// does not have 64, anything else 74.
extension HTTPServerError: CLIErrorConvertible {
    public var cliError: CLIError {
        switch self {
        case .tokenRequired:
            return CLIError(
                "\(self); add --token FILE (e.g. 'openssl rand -hex 32 > FILE; chmod 600 FILE'), or listen on "
                    + "127.0.0.1", exitCode: .usage)
        case .cannotListen(_, _, _, let errno):
            switch errno {
            case 98:  // EADDRINUSE
                return CLIError("\(self); stop the program on that port or choose another in --http", exitCode: .unavailable)
            case 13:  // EACCES
                return CLIError("\(self); choose a port from 1024 up in --http", exitCode: .noPermission)
            case 99:  // EADDRNOTAVAIL
                return CLIError(
                    "\(self); --http needs an address of this machine (127.0.0.1, or one 'ip address' lists)",
                    exitCode: .usage)
            default:
                return CLIError(description, exitCode: .ioError)
            }
        }
    }
}
