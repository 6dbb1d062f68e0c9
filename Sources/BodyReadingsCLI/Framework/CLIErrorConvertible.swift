/// An error from a lower layer that knows its own one-line message and exit status.
public protocol CLIErrorConvertible: Error {
    var cliError: CLIError { get }
    /// The error for a process whose environment is `environment`.
    func cliError(environment: [String: String]) -> CLIError
}

extension CLIErrorConvertible {
    /// The error for a process whose environment is `environment`; only errors whose advice depends on the
    /// machine (a running service) differ from ``cliError``.
    public func cliError(environment: [String: String]) -> CLIError { cliError }
}
