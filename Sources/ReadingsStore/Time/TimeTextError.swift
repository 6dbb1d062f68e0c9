/// A time argument that is not one of the forms ``TimeText`` reads: the text and what is wrong with it.
public struct TimeTextError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text as given.
    public var text: String
    /// What is wrong, e.g. "month 13 is not 1–12".
    public var reason: String

    public init(text: String, reason: String) {
        self.text = text
        self.reason = reason
    }

    /// `'2026-13-01' is not a time: month 13 is not 1–12`.
    public var description: String {
        "'\(text)' is not a time: \(reason)"
    }
}
