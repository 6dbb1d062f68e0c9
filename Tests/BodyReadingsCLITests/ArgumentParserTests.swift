import Testing
@testable import BodyReadingsCLI

@Suite("Argument parser")
struct ArgumentParserTests {
    let spec = CommandSpec(
        name: "demo",
        overview: "A demo command.",
        positionals: [PositionalSpec("file", help: "Input.", optional: true)],
        options: [.uri, .json, .interval.described("Update interval.")]
    )

    private func parse(_ arguments: [String]) throws -> ParsedArguments {
        guard case .arguments(let parsed) = try spec.parse(arguments) else {
            Issue.record("expected arguments, got help")
            return ParsedArguments(command: "demo")
        }
        return parsed
    }

    @Test func flagsValuesAndPositionals() throws {
        let parsed = try parse(["--json", "--uri", "ip:127.0.0.1", "--interval=0.5", "-"])
        #expect(parsed.has(.json))
        #expect(parsed.value(.uri) == "ip:127.0.0.1")
        #expect(try parsed.double(.interval, in: 0.001...10) == 0.5)
        #expect(parsed.positionals == ["-"])
    }

    @Test func helpAnywhere() throws {
        guard case .help = try spec.parse(["--json", "-h"]) else {
            Issue.record("-h must ask for help")
            return
        }
    }

    @Test func doubleDashEndsOptions() throws {
        #expect(try parse(["--", "--json"]).positionals == ["--json"])
    }

    @Test(arguments: [
        (["--nope"], "unknown option '--nope'"),
        (["--uri"], "needs a value"),
        (["--json=yes"], "takes no value"),
        (["--json", "--json"], "given twice"),
        (["a", "b"], "unexpected argument 'b'"),
    ])
    func usageErrors(arguments: [String], fragment: String) {
        #expect {
            try spec.parse(arguments)
        } throws: { error in
            guard let error = error as? CLIError else { return false }
            return error.exitCode == .usage && error.message.contains(fragment)
        }
    }

    @Test func numericValidation() throws {
        let parsed = try parse(["--interval", "abc"])
        #expect(throws: CLIError.self) { try parsed.double(.interval) }
        let outOfRange = try parse(["--interval", "50"])
        #expect(throws: CLIError.self) { try outOfRange.double(.interval, in: 0.001...10) }
        let infinite = try parse(["--interval", "inf"])
        #expect(throws: CLIError.self) { try infinite.double(.interval) }
    }

    @Test func helpTextHasTheHouseSections() {
        let help = spec.helpText
        #expect(help.hasPrefix("OVERVIEW: A demo command."))
        #expect(help.contains("USAGE: bodyreadings demo [--uri <uri>] [--json] [--interval <seconds>] [<file>]"))
        #expect(help.contains("OPTIONS:"))
        #expect(help.contains("--uri <uri>"))
    }

    @Test func unknownCommandIsAUsageError() {
        let (console, captured) = Console.capture()
        #expect(BodyReadingsTool.run(arguments: ["frobnicate"], console: console) == ExitCode.usage.rawValue)
        #expect(captured.stderr == "error: unknown command 'frobnicate' (see 'bodyreadings --help' for the list)\n")
        #expect(captured.stdout.isEmpty)
    }

    /// `help UNKNOWN` is a usage error (64), not the general help with status 0.
    @Test(arguments: [["help", "frobnicate"], ["--help", "frobnicate"], ["-h", "frobnicate"]])
    func helpForAnUnknownCommandIsAUsageError(arguments: [String]) {
        let (console, captured) = Console.capture()
        #expect(BodyReadingsTool.run(arguments: arguments, console: console) == ExitCode.usage.rawValue)
        #expect(captured.stderr == "error: no command 'frobnicate' to explain (see 'bodyreadings --help' for the list)\n")
        #expect(captured.stdout.isEmpty)
        let (known, output) = Console.capture()
        #expect(BodyReadingsTool.run(arguments: ["help", "fuse"], console: known) == 0)
        #expect(output.stdout.contains("USAGE: bodyreadings fuse"))
    }

    @Test func versionGoesToStdout() {
        let (console, captured) = Console.capture()
        #expect(BodyReadingsTool.run(arguments: ["--version"], console: console) == 0)
        #expect(captured.stdout == "bodyreadings \(BodyReadingsTool.version)\n")
    }
}
