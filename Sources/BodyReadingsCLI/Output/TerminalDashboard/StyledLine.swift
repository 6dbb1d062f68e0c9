/// One line of the dashboard's screen: runs of text, each in a style. Its width is its count of Unicode scalars:
/// everything the dashboard draws (ASCII, box drawing, block elements, arrows, `°`, `²`) is one column wide.
struct StyledLine: Sendable, Hashable {
    /// The runs, in order.
    private(set) var runs: [(text: String, style: DashboardStyle)]

    /// A line of `text` in `style` (empty: a blank line).
    init(_ text: String = "", _ style: DashboardStyle = .plain) {
        runs = text.isEmpty ? [] : [(text, style)]
    }

    /// The line's text without styles.
    var text: String { runs.map(\.text).joined() }

    /// Columns the line takes.
    var width: Int { runs.reduce(0) { $0 + $1.text.unicodeScalars.count } }

    /// Appends `text` in `style`.
    mutating func append(_ text: String, _ style: DashboardStyle = .plain) {
        guard !text.isEmpty else { return }
        runs.append((text, style))
    }

    /// Appends every run of `other`.
    mutating func append(_ other: StyledLine) {
        runs += other.runs
    }

    /// The line cut or padded with spaces to exactly `width` columns.
    func fitted(to width: Int) -> StyledLine {
        var result = StyledLine()
        var left = max(0, width)
        for run in runs where left > 0 {
            let scalars = run.text.unicodeScalars
            if scalars.count <= left {
                result.append(run.text, run.style)
                left -= scalars.count
            } else {
                var cut = String.UnicodeScalarView()
                cut.append(contentsOf: scalars.prefix(left))
                result.append(String(cut), run.style)
                left = 0
            }
        }
        if left > 0 { result.append(String(repeating: " ", count: left)) }
        return result
    }

    static func == (a: StyledLine, b: StyledLine) -> Bool {
        a.runs.count == b.runs.count && zip(a.runs, b.runs).allSatisfy { $0.text == $1.text && $0.style == $1.style }
    }

    func hash(into hasher: inout Hasher) {
        for run in runs {
            hasher.combine(run.text)
            hasher.combine(run.style)
        }
    }
}
