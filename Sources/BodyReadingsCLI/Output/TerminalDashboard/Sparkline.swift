/// A row of block characters (`▁▂▃▄▅▆▇█`) drawing a series, scaled to its own range; a gap (nil) is a space, never
/// a low bar that would read as a zero.
enum Sparkline {
    /// The eight heights, lowest first.
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The sparkline of `values`, one character each. Scaled from `floor` (nil: the smallest value) to the
    /// largest value; a flat series is drawn at the lowest height.
    static func line(_ values: [Double?], floor: Double? = nil) -> String {
        let present = values.compactMap { $0 }
        guard let largest = present.max() else { return String(repeating: " ", count: values.count) }
        let bottom = min(floor ?? present.min() ?? 0, largest)
        let span = largest - bottom
        return String(
            values.map { value -> Character in
                guard let value else { return " " }
                guard span > 0 else { return blocks[0] }
                let level = Int(((value - bottom) / span * Double(blocks.count - 1)).rounded())
                return blocks[max(0, min(blocks.count - 1, level))]
            })
    }
}
