import TextFormats

/// Why a line of the socket protocol could not be understood: what was expected and what came instead.
public struct ServiceProtocolError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line naming the problem, e.g. `unknown op 'subscrbe' (use subscribe, unsubscribe, available, history,
    /// status)`.
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }

    /// A JSON error in words: where the line stops being JSON and why.
    static func describe(_ error: JSONValue.ParseError) -> String {
        switch error {
        case .truncated: "the line ends inside a value"
        case .invalid(_, let column, let message): "\(message) at column \(column)"
        }
    }
}
