/// One positional argument of a command.
public struct PositionalSpec: Sendable {
    public var name: String
    public var help: String
    public var optional: Bool
    /// What the argument is, for completion (a file, one of a fixed set, free text).
    public var kind: OptionValueKind

    public init(_ name: String, help: String, optional: Bool = false, kind: OptionValueKind = .text) {
        self.name = name
        self.help = help
        self.optional = optional
        self.kind = kind
    }
}
