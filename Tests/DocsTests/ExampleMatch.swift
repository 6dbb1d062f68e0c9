/// How an example's expected lines match what the program printed: the one rule the documents state
/// (`docs/README.md`, "Examples").
///
/// - A line is compared character for character, except that `…` stands for any text (also none) within the line.
/// - A line that is `…` alone stands for any number of lines (also none).
enum ExampleMatch {
    /// Whether `line` matches the expected `pattern`.
    static func line(_ line: String, matches pattern: String) -> Bool {
        let pieces = pattern.components(separatedBy: "…")
        guard pieces.count > 1 else { return line == pattern }
        var rest = Substring(line)
        guard rest.hasPrefix(pieces[0]) else { return false }
        rest = rest.dropFirst(pieces[0].count)
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let found = rest.range(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        return rest.hasSuffix(pieces[pieces.count - 1])
    }

    /// Whether `lines` match `patterns` as a whole (a `…` line spanning any number of lines); when not, the first
    /// expected line that failed, for the message.
    static func lines(_ lines: [String], match patterns: [String]) -> (matched: Bool, failure: String?) {
        if matchFrom(lines[...], patterns[...]) { return (true, nil) }
        // Report the first pattern that a greedy walk could not place.
        var index = 0
        for pattern in patterns where pattern != "…" {
            guard let found = lines[index...].firstIndex(where: { line($0, matches: pattern) }) else {
                return (false, pattern)
            }
            index = found + 1
        }
        return (false, nil)
    }

    private static func matchFrom(_ lines: ArraySlice<String>, _ patterns: ArraySlice<String>) -> Bool {
        guard let pattern = patterns.first else { return lines.isEmpty }
        if pattern == "…" {
            let rest = patterns.dropFirst()
            if rest.isEmpty { return true }
            var start = lines.startIndex
            while start <= lines.endIndex {
                if matchFrom(lines[start...], rest) { return true }
                start += 1
            }
            return false
        }
        guard let first = lines.first, line(first, matches: pattern) else { return false }
        return matchFrom(lines.dropFirst(), patterns.dropFirst())
    }
}
