/// One option of a command: a flag (`--json`) or an option with a value (`--uri URI`, also `--uri=URI`).
///
/// Each option is declared once, as a static member (`OptionSpec.interval`, in `Options/`), and looked up through
/// that declaration (`arguments.double(.interval, in: …)`): a misspelt option does not compile. The declaration,
/// default included, drives parsing, `--help`, the man pages and the shell completions. A command that describes an option in its own
/// words, or narrows its values, declares `OptionSpec.format.described(…)`: the same option (same name), looked up
/// as `.format`, parsed and completed by what that command declared.
public struct OptionSpec: Sendable {
    /// Spellings, long first (`["--uri"]`, `["--output", "-o"]`).
    public var names: [String]
    /// The value's placeholder for help (`URI`), or nil for a flag.
    public var valueName: String?
    /// What the value is: it decides how it is completed and, for a fixed set, which values parse.
    public var kind: OptionValueKind
    /// The value used when the option is not given, as the user would write it; nil when there is none or it
    /// depends on the context (the help then says which). The help shows it, and `ParsedArguments.double` and
    /// `integer` answer it when the option is not given: the default is written nowhere else.
    public var defaultValue: String?
    /// One line of help, without the default.
    public var summary: String
    /// May the option be given more than once (values accumulate)?
    public var repeatable: Bool

    public init(
        _ names: [String], value valueName: String? = nil, kind: OptionValueKind? = nil,
        default defaultValue: String? = nil, help: String, repeatable: Bool = false
    ) {
        self.names = names
        self.valueName = valueName
        self.kind = kind ?? (valueName == nil ? .flag : .text)
        self.defaultValue = defaultValue
        self.summary = help
        self.repeatable = repeatable
    }

    /// The line of help `--help`, the man pages and the completions show: the summary with the default, if any,
    /// before its final full stop (`Seconds between updates (default 0.1).`).
    public var help: String {
        guard let defaultValue else { return summary }
        let note = " (default \(defaultValue))"
        guard summary.hasSuffix(".") else { return summary + note }
        return String(summary.dropLast()) + note + "."
    }

    /// The canonical name (the first spelling), used to look the option up.
    public var name: String { names[0] }

    /// The values a fixed-set option accepts (empty for any other).
    public var choices: [String] {
        if case .choice(let values) = kind { return values }
        return []
    }

    /// The same option, described in a command's own words.
    public func described(_ help: String) -> OptionSpec {
        var copy = self
        copy.summary = help
        return copy
    }

    /// The same option, with a command's own set of values, default and help.
    public func described(_ help: String, among values: [String], default defaultValue: String? = nil) -> OptionSpec {
        var copy = described(help)
        copy.kind = .choice(values)
        copy.defaultValue = defaultValue
        return copy
    }

    /// The same option, with a command's own default and help.
    public func described(_ help: String, default defaultValue: String?) -> OptionSpec {
        var copy = described(help)
        copy.defaultValue = defaultValue
        return copy
    }
}

/// What an option's value is, for completion and for the values a fixed set allows.
public enum OptionValueKind: Sendable, Equatable {
    /// No value: the option is a flag.
    case flag
    /// Free text (an id, a time, an address).
    case text
    /// A decimal number.
    case number
    /// A whole number.
    case wholeNumber
    /// One of a fixed set of values.
    case choice([String])
    /// A file's path.
    case file
    /// A sample source: `iio`, `sim`, `replay:FILE`, `serve` or `serve:SOCKET`.
    case source
    /// A libiio context: `local:`, `ip:HOST`, `usb:…`, `xml:FILE`.
    case context
}
