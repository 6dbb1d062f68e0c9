import Testing
@testable import BodyReadingsCLI

/// Each option is declared once and looked up through its declaration: a command that narrows a shared option's
/// values (`history --format csv|json`) is parsed by what it declared, and every declaration is well formed.
@Suite("Option declarations")
struct OptionDeclarationTests {
    static let specs = BodyReadingsTool.commands.map(\.spec)

    private func parse(_ command: String, _ arguments: [String]) throws -> ParsedArguments {
        let spec = try #require(Self.specs.first { $0.name == command })
        guard case .arguments(let parsed) = try spec.parse(arguments) else { throw CLIError.usage("help") }
        return parsed
    }

    @Test func aCommandsOwnValuesDecide() throws {
        #expect(try parse("history", ["steps", "--format", "json"]).choice(.format) == "json")
        #expect(throws: CLIError.self) { try parse("history", ["steps", "--format", "jsonl"]).choice(.format) }
        #expect(try parse("stream", ["--format", "jsonl"]).choice(.format) == "jsonl")
        #expect(throws: CLIError.self) { try parse("stream", ["--format", "json"]).choice(.format) }
    }

    @Test(arguments: specs.map(\.name))
    func declarationsAreWellFormed(command: String) throws {
        let spec = try #require(Self.specs.first { $0.name == command })
        let names = spec.options.flatMap(\.names)
        #expect(Set(names).count == names.count, "an option spelled twice in '\(command)'")
        for option in spec.options {
            #expect((option.valueName == nil) == (option.kind == .flag), "\(option.name): a value without a kind")
            if let value = option.defaultValue, !option.choices.isEmpty {
                #expect(option.choices.contains(value), "\(option.name)'s default \(value) is not one of its values")
            }
            #expect(!option.help.isEmpty)
        }
    }

    /// Every fixed set the command line accepts is a fixed set in its declaration, so that completion offers it.
    @Test func fixedSetsAreDeclared() throws {
        let declared = Dictionary(
            Self.specs.flatMap { spec in spec.options.map { ("\(spec.name) \($0.name)", $0.choices) } },
            uniquingKeysWith: { first, _ in first })
        #expect(declared["stream --format"] == ["human", "csv", "jsonl"])
        #expect(declared["fuse --format"] == ["csv", "jsonl"])
        #expect(declared["history --format"] == ["csv", "json"])
        #expect(declared["stream --units"] == ["si", "g"])
        #expect(declared["history --per"] == ["minute", "hour", "day"])
        #expect(declared["steps --counter"] == ["auto", "hardware", "software"])
        #expect(declared["serve --qos"] == ["0", "1"])
    }

    /// A number's default is declared, not written into the help: the help shows the declared one, and an option
    /// not given answers it.
    @Test(arguments: specs.map(\.name))
    func numericDefaultsAreDeclared(command: String) throws {
        let spec = try #require(Self.specs.first { $0.name == command })
        let parsed = try parse(command, spec.positionals.isEmpty ? [] : ["x"])
        for option in spec.options {
            #expect(
                option.summary.range(of: #"\(default [0-9]"#, options: .regularExpression) == nil,
                "\(command) \(option.name): a default written in the help instead of declared")
            guard let value = option.defaultValue else { continue }
            #expect(option.help.contains("(default \(value))"), "\(command) \(option.name): the help hides its default")
            switch option.kind {
            case .number: #expect(try parsed.number(option) == Double(value), "\(command) \(option.name)")
            case .wholeNumber: #expect(try parsed.wholeNumber(option) == Int(value), "\(command) \(option.name)")
            case .choice: #expect(try parsed.choice(option) == value, "\(command) \(option.name)")
            default: Issue.record("\(command) \(option.name): a default for a \(option.kind) option")
            }
        }
    }

    @Test func aGivenValueWinsOverTheDefaultAndAnUndeclaredOneIsAnError() throws {
        #expect(try parse("serve", []).number(.captureInterval) == 0.1)
        #expect(try parse("serve", ["--capture-interval", "0.02"]).number(.captureInterval) == 0.02)
        #expect(try parse("fuse", []).number(.interval) == 0)
        #expect(try parse("stream", []).number(.interval) == 0.1)
        #expect(throws: CLIError.self) { try parse("stream", []).number(.duration) }
    }

}
