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
}
