import TextFormats

/// Parsed options and positionals of one command invocation, with typed accessors that throw usage errors.
public struct ParsedArguments: Sendable {
    public let command: String
    public var positionals: [String] = []
    var given: Set<String> = []
    var values: [String: [String]] = [:]

    public init(command: String) {
        self.command = command
    }

    /// Was the flag or option (canonical name, e.g. `--json`) given?
    public func has(_ name: String) -> Bool { given.contains(name) }

    /// The option's last value, or nil when not given.
    public func value(_ name: String) -> String? { values[name]?.last }

    /// All values of a repeatable option, in order.
    public func values(_ name: String) -> [String] { values[name] ?? [] }

    /// Refuses the first of `names` that was given: those options do not apply to `context` (e.g. `'calibrate
    /// show'`, `--raw`), which would otherwise ignore them without a word.
    public func refuse(_ names: [String], for context: String) throws(CLIError) {
        guard let given = names.first(where: has) else { return }
        throw .usage("option '\(given)' does not apply to \(context)", command: command)
    }

    /// The option's value as a finite Double within `range`, or nil when not given.
    public func double(_ name: String, in range: ClosedRange<Double>? = nil) throws(CLIError) -> Double? {
        guard let text = value(name) else { return nil }
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
    public func integer(_ name: String, in range: ClosedRange<Int>? = nil) throws(CLIError) -> Int? {
        guard let text = value(name) else { return nil }
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

    /// The option's value, which must be one of `choices`; nil when not given.
    public func choice(_ name: String, among choices: [String]) throws(CLIError) -> String? {
        guard let text = value(name) else { return nil }
        guard choices.contains(text) else {
            throw .usage(
                "option '\(name)' must be one of \(choices.joined(separator: ", ")), not '\(text)'", command: command)
        }
        return text
    }
}
