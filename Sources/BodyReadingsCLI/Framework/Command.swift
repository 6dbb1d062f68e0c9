/// A subcommand: its spec (parsing and help) and what it does.
///
/// `run` returns the exit status for answers (`.ok`, `.notAvailable`) and throws `CLIError` for failures; any other
/// error it lets escape is reported as an internal error (exit 70) unless it conforms to `CLIErrorConvertible`.
public struct Command: Sendable {
    public let spec: CommandSpec
    public let run: @Sendable (ParsedArguments, Console) throws -> ExitCode

    public init(spec: CommandSpec, run: @escaping @Sendable (ParsedArguments, Console) throws -> ExitCode) {
        self.spec = spec
        self.run = run
    }
}
