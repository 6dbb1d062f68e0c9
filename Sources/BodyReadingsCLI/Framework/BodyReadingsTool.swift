/// The `bodyreadings` command line: parses the subcommand, runs it, and turns every failure into one `error:` line
/// on stderr and a sysexits status. `main.swift` only calls `run(arguments:console:)`.
public enum BodyReadingsTool {
    /// The version printed by `--version`.
    public static let version = "0.1.0"

    /// Every subcommand, in the order `--help` lists them.
    public static let commands: [Command] = CommandRegistry.all

    /// Runs one invocation. `arguments` excludes the program name.
    public static func run(arguments: [String], console: Console) -> Int32 {
        var status = dispatch(arguments: arguments, console: console)
        let changed = console.devicesLeftChanged
        if !changed.isEmpty, status == .ok {
            // The output is complete, but the device is not as it was found: that is not a success.
            console.error(
                "\(changed.joined(separator: ", ")) left with changed settings (listed above); write the values back "
                    + "(iio_attr -u URI -d DEVICE ATTRIBUTE VALUE) or reload the driver")
            status = .unavailable
        }
        do {
            try console.flush()
        } catch ConsoleError.closed {
            // The reader went away: what it did not read, it did not want.
        } catch {
            console.error("could not write to stdout: \(error); check the output file or pipe")
            return ExitCode.ioError.rawValue
        }
        return status.rawValue
    }

    static func dispatch(arguments: [String], console: Console) -> ExitCode {
        guard let first = arguments.first else {
            console.note(helpText)
            return .usage
        }
        switch first {
        case "-h", "--help", "help":
            guard arguments.count > 1 else { return write(helpText, to: console) }
            guard let command = commands.first(where: { $0.spec.name == arguments[1] }) else {
                console.error("no command '\(arguments[1])' to explain (see 'bodyreadings --help' for the list)")
                return .usage
            }
            return write(command.spec.helpText, to: console)
        case "--version":
            return write("bodyreadings \(version)\n", to: console)
        case SupportFiles.commandName:
            do {
                return try SupportFiles.run(Array(arguments.dropFirst()), console: console)
            } catch {
                return report(error, console: console)
            }
        default:
            break
        }
        guard let command = commands.first(where: { $0.spec.name == first }) else {
            console.error("unknown command '\(first)' (see 'bodyreadings --help' for the list)")
            return .usage
        }
        do {
            switch try command.spec.parse(Array(arguments.dropFirst())) {
            case .help:
                return write(command.spec.helpText, to: console)
            case .arguments(let parsed):
                return try command.run(parsed, console)
            }
        } catch {
            return report(error, console: console)
        }
    }

    /// Writes the one `error:` line for `error` and returns its status: the CLI's own errors and those of the layers
    /// below that know their message and status as they say, a closed stdout as success (the reader went away), any
    /// other error as an internal one (70, a bug).
    static func report(_ error: any Error, console: Console) -> ExitCode {
        switch error {
        case let error as CLIError:
            console.error(error.message)
            return error.exitCode
        case let error as any CLIErrorConvertible:
            let reported = error.cliError(environment: console.environment)
            console.error(reported.message)
            return reported.exitCode
        case ConsoleError.closed:
            return .ok
        case let error as ConsoleError:
            console.error("could not write to stdout: \(error); check the output file or pipe")
            return .ioError
        default:
            console.error("internal error: \(error); please report it with the command line you ran")
            return .software
        }
    }

    private static func write(_ text: String, to console: Console) -> ExitCode {
        do {
            try console.write(text)
            return .ok
        } catch {
            return .ioError
        }
    }

    /// The top-level `--help`.
    public static var helpText: String {
        var text = """
            OVERVIEW: CoreMotion-style device motion for Linux: attitude, gravity and user acceleration fused from the \
            IIO accelerometer, gyroscope and magnetometer.

            USAGE: bodyreadings <subcommand> [options]

            OPTIONS:
              --version                       Show the version.
              -h, --help                      Show help information.

            SUBCOMMANDS:

            """
        text += CommandSpec.table(commands.map { ($0.spec.name, $0.spec.overview) })
        text += "\n  See 'bodyreadings help <subcommand>' for detailed help.\n"
        return text
    }
}
