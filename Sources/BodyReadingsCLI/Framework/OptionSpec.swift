/// One option of a command: a flag (`--json`) or an option with a value (`--uri URI`, also `--uri=URI`).
public struct OptionSpec: Sendable {
    /// Spellings, long first (`["--uri"]`, `["--output", "-o"]`).
    public var names: [String]
    /// The value's placeholder for help (`URI`), or nil for a flag.
    public var valueName: String?
    /// One line of help.
    public var help: String
    /// May the option be given more than once (values accumulate)?
    public var repeatable: Bool

    public init(_ names: [String], value valueName: String? = nil, help: String, repeatable: Bool = false) {
        self.names = names
        self.valueName = valueName
        self.help = help
        self.repeatable = repeatable
    }

    /// The canonical name (the first spelling), used to look the option up.
    public var name: String { names[0] }

    /// `--uri URI`: the libiio context, shared by every command that touches sensors.
    public static let uri = OptionSpec(
        ["--uri"], value: "URI",
        help: "libiio context: local: (default), ip:HOST[:PORT], usb:[BUS.ADDR], xml:FILE"
    )
    /// `--json`: machine-readable output.
    public static let json = OptionSpec(["--json"], help: "Print JSON instead of the human-readable answer.")
}
