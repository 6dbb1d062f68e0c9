/// A value bound to a statement's parameter, in SQLite's storage classes.
enum SQLValue: Sendable, Equatable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case null

    /// `.real(value)`, or `.null` for nil.
    static func real(_ value: Double?) -> SQLValue {
        value.map { .real($0) } ?? .null
    }
}
