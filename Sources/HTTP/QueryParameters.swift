import TextFormats

/// The decoded `name=value` pairs of a query string (`application/x-www-form-urlencoded`: `+` is a space, `%XX` a
/// byte), in order; a name without `=` has the empty value.
public struct QueryParameters: Sendable, Hashable, Sequence {
    /// The pairs, in order; a name may repeat.
    public private(set) var pairs: [(name: String, value: String)]

    public init(_ pairs: [(name: String, value: String)] = []) {
        self.pairs = pairs
    }

    /// Decodes `query` (the part of the target after `?`); nil when a `%` is not followed by two hex digits, or a
    /// name or value does not decode to UTF-8 text without NUL.
    public init?(decoding query: Substring) {
        var pairs: [(name: String, value: String)] = []
        for piece in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decodeComponent(parts[0], plusIsSpace: true),
                let value = decodeComponent(parts.count > 1 ? parts[1] : "", plusIsSpace: true)
            else { return nil }
            pairs.append((name, value))
        }
        self.pairs = pairs
    }

    /// The value of the first parameter named `name`, or nil.
    public subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        pairs.makeIterator()
    }

    public static func == (lhs: QueryParameters, rhs: QueryParameters) -> Bool {
        lhs.pairs.count == rhs.pairs.count && zip(lhs.pairs, rhs.pairs).allSatisfy { $0 == $1 }
    }

    public func hash(into hasher: inout Hasher) {
        for pair in pairs {
            hasher.combine(pair.name)
            hasher.combine(pair.value)
        }
    }
}

/// A percent-decoded path or query component; nil when badly encoded, not UTF-8, or holding a NUL (no path or
/// parameter of ours contains one, and a NUL can cut a C string short).
func decodeComponent(_ text: Substring, plusIsSpace: Bool) -> String? {
    guard let decoded = PercentEncoding.decode(text, plusIsSpace: plusIsSpace), !decoded.utf8.contains(0) else {
        return nil
    }
    return decoded
}
