import Publishing

/// A broker URL that does not parse is a usage error (exit 64) that shows the form.
extension BrokerURLError: CLIErrorConvertible {
    public var cliError: CLIError {
        .usage("broker URL: \(description); the form is mqtt://[USER[:PASS]@]HOST[:PORT] or mqtts://…", command: "publish")
    }
}
