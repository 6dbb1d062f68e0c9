/// An error from a lower layer that knows its own one-line message and exit status.
public protocol CLIErrorConvertible: Error {
    var cliError: CLIError { get }
}
