/// An error that ends a command: one line for stderr (cause, then the fix) and the exit status.
///
/// Commands translate errors from the layers below into this type at the point where they know what the user asked
/// for, so that the message can name a fix that makes sense for that command.
public struct CLIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong and how to fix it, one line, without the `error:` prefix.
    public var message: String
    /// The exit status (sysexits).
    public var exitCode: ExitCode

    public init(_ message: String, exitCode: ExitCode) {
        self.message = message
        self.exitCode = exitCode
    }

    /// A usage error (exit 64); `command` names the command whose `--help` explains the right form.
    public static func usage(_ message: String, command: String? = nil) -> CLIError {
        let hint = command.map { " (see 'bodyreadings \($0) --help')" } ?? " (see 'bodyreadings --help')"
        return CLIError(message + hint, exitCode: .usage)
    }

    public var description: String { message }
}
