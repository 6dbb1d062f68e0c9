// fuzz-cli-arguments: the command line parser. The input is NUL-separated arguments. A known command's arguments
// parse (`CommandSpec.parse`) to help, to parsed arguments or to a usage error; parsed arguments then go through
// the option readers every command uses (the source family, the interval, stream's request, the URI checks). Any
// failure must be a usage error (64) of one line that names the command's help; nothing traps. The other first
// words run through the tool's dispatch (help, --version, unknown commands), which must answer with one status.
@testable import BodyReadingsCLI
import FuzzSupport
@testable import Sensors

/// Checks that `error` is a one-line usage error of `command`.
func checkUsage(_ error: CLIError, _ command: String, _ arguments: [String]) {
    check(error.exitCode == .usage, "exit \(error.exitCode) for \(arguments): \(error.message)")
    check(!error.message.isEmpty, "empty message for \(arguments)")
    check(
        error.message.hasSuffix("(see 'bodyreadings \(command) --help')"),
        "no help hint for \(arguments): \(error.message)")
}

FuzzDriver.run { bytes in
    var input = FuzzInput(bytes)
    let arguments = input.strings()
    guard let first = arguments.first, let command = BodyReadingsTool.commands.first(where: { $0.spec.name == first })
    else {
        // Not a command: help, --version, unknown names. Only these answer without running anything.
        let (console, captured) = Console.capture()
        let status = BodyReadingsTool.dispatch(arguments: arguments, console: console)
        check([.ok, .usage].contains(status), "status \(status) for \(arguments)")
        let errors = captured.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
        check(status == .ok || errors.count == 1, "\(errors.count) error lines for \(arguments): \(captured.stderr)")
        check(!captured.stderr.unicodeScalars.contains("\u{1B}"), "raw escape on stderr for \(arguments)")
        return
    }
    let name = command.spec.name
    let parsed: ParsedArguments
    do throws(CLIError) {
        switch try command.spec.parse(Array(arguments.dropFirst())) {
        case .help: return
        case .arguments(let result): parsed = result
        }
    } catch {
        checkUsage(error, name, arguments)
        return
    }
    let options = Set(command.spec.options.map(\.name))
    do throws(CLIError) {
        if options.contains("--source") {
            let specification = try SourceOptions.specification(parsed)
            if case .iio(let uri?) = specification {
                do throws(SensorError) {
                    try SensorDiscovery.validate(uri: uri)
                } catch {
                    check(CaptureError(error).kind == .invalidRequest, "\(uri): \(error)")
                }
            }
        }
        if options.contains("--interval") { _ = try SourceOptions.interval(parsed) }
        if name == "stream" {
            let (console, _) = Console.capture()
            _ = try StreamCommand.request(parsed, console: console)
        }
    } catch {
        checkUsage(error, name, arguments)
    }
}
