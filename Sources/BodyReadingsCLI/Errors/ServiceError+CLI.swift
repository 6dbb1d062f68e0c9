import Service

/// Socket failures end `serve` with the cause and the fix: another service on the socket exits 69
/// (`EX_UNAVAILABLE`), a directory it may not write 77 (`EX_NOPERM`), a path too long 64, anything else 74.
extension ServiceError: CLIErrorConvertible {
    public var cliError: CLIError {
        switch kind {
        case .alreadyRunning:
            CLIError(
                "\(message); stop it first, or read through it with --source serve", exitCode: .unavailable)
        case .permissionDenied:
            CLIError(
                "\(message); choose a directory you may write with --socket PATH (the system service's "
                    + "/run/bodyreadings is made by systemd's RuntimeDirectory=)",
                exitCode: .noPermission)
        case .pathTooLong:
            CLIError("\(message); choose a shorter --socket PATH", exitCode: .usage)
        case .system:
            CLIError("\(message); check that the directory of --socket PATH exists and has room", exitCode: .ioError)
        }
    }
}
