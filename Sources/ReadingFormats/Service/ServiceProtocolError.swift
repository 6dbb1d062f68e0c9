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

    /// `text` from the other end of the socket, to be named in a message: in single quotes, with control characters
    /// and quotes escaped as JSON escapes them, so that the message stays one line and writes nothing raw to a
    /// terminal or a log.
    static func quoted(_ text: String) -> String {
        "'" + JSONValue.string(text).rendered.dropFirst().dropLast() + "'"
    }

    /// The JSON value of one protocol line; a line that is not JSON is an error starting with `prefix` that says
    /// where the line stops being JSON and why.
    static func json(_ line: [UInt8], prefix: String) throws(ServiceProtocolError) -> JSONValue {
        do {
            return try JSONValue.parse(line)
        } catch {
            switch error {
            case .truncated: throw ServiceProtocolError("\(prefix): the line ends inside a value")
            case .invalid(_, let column, let message):
                throw ServiceProtocolError("\(prefix): \(message) at column \(column)")
            }
        }
    }
}
