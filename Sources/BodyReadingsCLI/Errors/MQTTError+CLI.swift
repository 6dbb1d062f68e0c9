import MQTT

/// Broker failures end `publish` with the cause and the fix: a refused login exits 77 (`EX_NOPERM`), unusable TLS
/// files 74 (`EX_IOERR`), anything that keeps the broker out of reach 69 (`EX_UNAVAILABLE`).
extension MQTTError: CLIErrorConvertible {
    public var cliError: CLIError {
        switch failure {
        case .loginRefused:
            return CLIError(
                "\(description); check the user and password in the URL (mqtt://USER:PASS@HOST) or "
                    + "BODYREADINGS_MQTT_PASSWORD, and the broker's password file or ACL",
                exitCode: .noPermission)
        case .tlsFiles:
            return CLIError(
                "\(description); check that --cafile, --cert and --key name readable PEM files (and that the key "
                    + "belongs to the certificate)",
                exitCode: .ioError)
        case .tlsHandshake:
            return CLIError(
                "\(description); check --cafile (the CA that signed the broker's certificate), that the host name "
                    + "matches the certificate, that the port speaks TLS, and --cert/--key if the broker requires "
                    + "client certificates",
                exitCode: .unavailable)
        case .unreachable, .timedOut, .hostNotFound, .connectionLost, .notConnected:
            return CLIError(
                "\(description); check the host and port and that the broker runs, or add --wait to keep trying",
                exitCode: .unavailable)
        case .connectionRefused:
            return CLIError(description, exitCode: .unavailable)
        case .invalidArgument, .payloadTooLarge, .outOfMemory, .protocolViolation, .system, .library:
            return CLIError(description, exitCode: .software)
        }
    }
}
