import TextFormats

/// Parsed options and positionals of one command invocation, with typed accessors that throw usage errors.
public struct ParsedArguments: Sendable {
    public let command: String
    public var positionals: [String] = []
    var given: Set<String> = []
    var values: [String: [String]] = [:]
    /// The command's declarations by canonical name: its own help, values and default for a shared option.
    var declared: [String: OptionSpec] = [:]

    public init(command: String, options: [OptionSpec] = []) {
        self.command = command
        for option in options { declared[option.name] = option }
    }

    /// The command's declaration of `option` (its values and default), or `option` itself.
    func declaration(of option: OptionSpec) -> OptionSpec { declared[option.name] ?? option }

    /// Was the flag or option given?
    public func has(_ option: OptionSpec) -> Bool { given.contains(option.name) }

    /// The option's last value, or nil when not given.
    public func value(_ option: OptionSpec) -> String? { values[option.name]?.last }

    /// All values of a repeatable option, in order.
    public func values(_ option: OptionSpec) -> [String] { values[option.name] ?? [] }

    /// Refuses the first of `options` that was given: they do not apply to `context` (e.g. `'calibrate show'`,
    /// `--raw`), which would otherwise ignore them without a word.
    public func refuse(_ options: [OptionSpec], for context: String) throws(CLIError) {
        guard let given = options.first(where: has) else { return }
        throw .usage("option '\(given.name)' does not apply to \(context)", command: command)
    }

    /// The option's value, or its declared default when not given (nil when it has none).
    func valueOrDefault(_ option: OptionSpec) -> String? { value(option) ?? declaration(of: option).defaultValue }

    /// The option's value as a finite Double within `range`; when not given, its declared default, or nil.
    public func double(_ option: OptionSpec, in range: ClosedRange<Double>? = nil) throws(CLIError) -> Double? {
        let name = option.name
        guard let text = valueOrDefault(option) else { return nil }
        guard let number = Double(text), number.isFinite else {
            throw .usage("option '\(name)' needs a number, not '\(text)'", command: command)
        }
        if let range, !range.contains(number) {
            let (low, high) = (FixedDecimal.readable(range.lowerBound), FixedDecimal.readable(range.upperBound))
            throw .usage("option '\(name)' must be between \(low) and \(high), not \(text)", command: command)
        }
        return number
    }

    /// The value of an option declared with a default (`OptionSpec(…, default: "0.1", …)`) as a finite Double
    /// within `range`: the given value, else the default. An option declared without one is the program's error.
    public func number(_ option: OptionSpec, in range: ClosedRange<Double>? = nil) throws(CLIError) -> Double {
        guard let number = try double(option, in: range) else { throw Self.undeclaredDefault(option) }
        return number
    }

    /// The value of an option declared with a default as an Int within `range`: the given value, else the default.
    public func wholeNumber(_ option: OptionSpec, in range: ClosedRange<Int>? = nil) throws(CLIError) -> Int {
        guard let number = try integer(option, in: range) else { throw Self.undeclaredDefault(option) }
        return number
    }

    private static func undeclaredDefault(_ option: OptionSpec) -> CLIError {
        CLIError("internal error: option '\(option.name)' has no declared default", exitCode: .software)
    }

    /// The option's value as an Int within `range`; when not given, its declared default, or nil.
    public func integer(_ option: OptionSpec, in range: ClosedRange<Int>? = nil) throws(CLIError) -> Int? {
        let name = option.name
        guard let text = valueOrDefault(option) else { return nil }
        guard let number = Int(text) else {
            throw .usage("option '\(name)' needs a whole number, not '\(text)'", command: command)
        }
        if let range, !range.contains(number) {
            throw .usage(
                "option '\(name)' must be between \(range.lowerBound) and \(range.upperBound), not \(text)",
                command: command)
        }
        return number
    }

    /// The option's value, which must be one of the values the command declared for it; when not given, its
    /// declared default, or nil.
    public func choice(_ option: OptionSpec) throws(CLIError) -> String? {
        let (name, choices) = (option.name, declaration(of: option).choices)
        guard let text = valueOrDefault(option) else { return nil }
        guard choices.contains(text) else {
            throw .usage(
                "option '\(name)' must be one of \(choices.joined(separator: ", ")), not '\(text)'", command: command)
        }
        return text
    }
}
