/// One positional argument of a command.
public struct PositionalSpec: Sendable {
    public var name: String
    public var help: String
    public var optional: Bool

    public init(_ name: String, help: String, optional: Bool = false) {
        self.name = name
        self.help = help
        self.optional = optional
    }
}
