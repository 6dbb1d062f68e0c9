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

    /// The option's value as a finite Double within `range`, or nil when not given.
    public func double(_ option: OptionSpec, in range: ClosedRange<Double>? = nil) throws(CLIError) -> Double? {
        let name = option.name
        guard let text = value(option) else { return nil }
        guard let number = Double(text), number.isFinite else {
            throw .usage("option '\(name)' needs a number, not '\(text)'", command: command)
        }
        if let range, !range.contains(number) {
            let (low, high) = (FixedDecimal.readable(range.lowerBound), FixedDecimal.readable(range.upperBound))
            throw .usage("option '\(name)' must be between \(low) and \(high), not \(text)", command: command)
        }
        return number
    }

    /// The option's value as an Int within `range`, or nil when not given.
    public func integer(_ option: OptionSpec, in range: ClosedRange<Int>? = nil) throws(CLIError) -> Int? {
        let name = option.name
        guard let text = value(option) else { return nil }
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

    /// The option's value, which must be one of the values the command declared for it; nil when not given.
    public func choice(_ option: OptionSpec) throws(CLIError) -> String? {
        let (name, choices) = (option.name, declaration(of: option).choices)
        guard let text = value(option) else { return nil }
        guard choices.contains(text) else {
            throw .usage(
                "option '\(name)' must be one of \(choices.joined(separator: ", ")), not '\(text)'", command: command)
        }
        return text
    }
}
