/// A card drawn as a box: a rounded frame with the title in its top edge, the content inside with one column of
/// margin, cut or padded to fit.
///
///     ╭ Heart Rate ────────╮
///     │ 72 bpm             │
///     │ good · 1 s ago     │
///     ╰────────────────────╯
enum CardBox {
    /// The smallest box: two frame rows and one content row; four frame and margin columns and one content column.
    static let minimumSize = (width: 5, height: 3)

    /// Columns of content inside a box `width` wide.
    static func contentWidth(_ width: Int) -> Int { max(0, width - 4) }

    /// Rows of content inside a box `height` high.
    static func contentHeight(_ height: Int) -> Int { max(0, height - 2) }

    /// Exactly `height` lines of exactly `width` columns (nothing when smaller than `minimumSize`).
    static func lines(title: String, content: [StyledLine], width: Int, height: Int) -> [StyledLine] {
        guard width >= minimumSize.width, height >= minimumSize.height else { return [] }
        var top = StyledLine("╭", .dim)
        let name = StyledLine(" \(title) ", .title).fitted(to: min(width - 2, title.unicodeScalars.count + 2))
        top.append(name)
        top.append(String(repeating: "─", count: width - 2 - name.width) + "╮", .dim)
        var lines = [top]
        let inner = contentWidth(width)
        for row in 0..<contentHeight(height) {
            var line = StyledLine("│ ", .dim)
            line.append(row < content.count ? content[row].fitted(to: inner) : StyledLine().fitted(to: inner))
            line.append(" │", .dim)
            lines.append(line)
        }
        lines.append(StyledLine("╰" + String(repeating: "─", count: width - 2) + "╯", .dim))
        return lines
    }

    /// `left` and `right` side by side (each box's lines of one width), padded to the taller one.
    static func beside(_ left: [StyledLine], _ right: [StyledLine], gap: Int = 1) -> [StyledLine] {
        let leftWidth = left.first?.width ?? 0
        let rightWidth = right.first?.width ?? 0
        return (0..<max(left.count, right.count)).map { row in
            var line = (row < left.count ? left[row] : StyledLine()).fitted(to: leftWidth + gap)
            line.append((row < right.count ? right[row] : StyledLine()).fitted(to: rightWidth))
            return line
        }
    }
}
