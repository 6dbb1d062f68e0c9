/// What a command accepts and how it is described in `--help` (OVERVIEW / USAGE / ARGUMENTS / OPTIONS).
public struct CommandSpec: Sendable {
    public var name: String
    public var overview: String
    public var positionals: [PositionalSpec]
    public var options: [OptionSpec]
    /// Extra paragraphs printed after OPTIONS (examples, exit codes).
    public var discussion: String?

    public init(
        name: String,
        overview: String,
        positionals: [PositionalSpec] = [],
        options: [OptionSpec] = [],
        discussion: String? = nil
    ) {
        self.name = name
        self.overview = overview
        self.positionals = positionals
        self.options = options
        self.discussion = discussion
    }

    /// The `--help` text.
    public var helpText: String {
        var usage = "bodyreadings \(name)"
        for option in options {
            let spelled = option.valueName.map { "\(option.name) <\($0.lowercased())>" } ?? option.name
            usage += " [\(spelled)]"
        }
        for positional in positionals {
            usage += positional.optional ? " [<\(positional.name)>]" : " <\(positional.name)>"
        }
        var text = "OVERVIEW: \(overview)\n\nUSAGE: \(usage)\n"
        if !positionals.isEmpty {
            text += "\nARGUMENTS:\n"
            text += Self.table(positionals.map { ("<\($0.name)>", $0.help) })
        }
        let rows = options.map { option -> (String, String) in
            let spelled = option.names.joined(separator: ", ")
            return (option.valueName.map { "\(spelled) <\($0.lowercased())>" } ?? spelled, option.help)
        } + [("-h, --help", "Show help information.")]
        text += "\nOPTIONS:\n" + Self.table(rows)
        if let discussion { text += "\n\(discussion)\n" }
        return text
    }

    static func table(_ rows: [(String, String)]) -> String {
        let width = min(32, (rows.map(\.0.count).max() ?? 0) + 2)
        return rows.map { left, right in
            let pad = left.count < width ? String(repeating: " ", count: width - left.count) : "\n  " + String(
                repeating: " ", count: width)
            return "  \(left)\(pad)\(right)\n"
        }.joined()
    }

    /// Parses `arguments` (without the command name). `-h`/`--help` anywhere yields `.help`.
    public func parse(_ arguments: [String]) throws(CLIError) -> ParseOutcome {
        var parsed = ParsedArguments(command: name, options: options)
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" || argument == "--help" { return .help }
            var spelled = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                spelled = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = options.first(where: { $0.names.contains(spelled) }) else {
                throw .usage("unknown option '\(spelled)' for '\(name)'", command: name)
            }
            if !option.repeatable, parsed.given.contains(option.name) {
                throw .usage("option '\(option.name)' given twice", command: name)
            }
            parsed.given.insert(option.name)
            guard let valueName = option.valueName?.lowercased() else {
                if inlineValue != nil {
                    throw .usage("option '\(option.name)' takes no value", command: name)
                }
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw .usage("option '\(option.name)' needs a value <\(valueName)>", command: name)
            }
            // No option means anything by an empty value: `--uri ''` is a mistake (an unset variable), not `local:`.
            guard !value.isEmpty else {
                throw .usage("option '\(option.name)' needs a value <\(valueName)>, not an empty one", command: name)
            }
            parsed.values[option.name, default: []].append(value)
        }
        let required = positionals.filter { !$0.optional }.count
        if parsed.positionals.count < required {
            let missing = positionals[parsed.positionals.count]
            throw .usage("missing argument <\(missing.name)>", command: name)
        }
        if parsed.positionals.count > positionals.count {
            throw .usage("unexpected argument '\(parsed.positionals[positionals.count])'", command: name)
        }
        return .arguments(parsed)
    }

    /// The result of `parse`.
    public enum ParseOutcome: Sendable {
        case help
        case arguments(ParsedArguments)
    }
}
