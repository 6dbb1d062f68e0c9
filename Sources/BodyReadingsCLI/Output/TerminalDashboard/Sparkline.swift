/// A series drawn with block characters (`▁▂▃▄▅▆▇█`), scaled to its own range, on one row or several; a gap (nil)
/// is blank, never a low bar that would read as a zero.
enum Sparkline {
    /// The eight heights of a cell, lowest first.
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The one-row sparkline of `values`, one character each (see `rows`).
    static func line(_ values: [Double?], floor: Double? = nil, minimumRange: Double = 0) -> String {
        rows(values, floor: floor, height: 1, minimumRange: minimumRange).first ?? ""
    }

    /// `height` rows (top first) of one column per value: a value's bar rises in eighths of a row from `floor`
    /// (nil: the smallest value) to the largest value, the smallest drawn as one eighth so that it shows; a flat
    /// series is drawn at that lowest height. A range smaller than `minimumRange` is widened to it around its
    /// middle (an altitude: centimetres of noise are not drawn as big swings).
    static func rows(_ values: [Double?], floor: Double? = nil, height: Int, minimumRange: Double = 0) -> [String] {
        guard height > 0 else { return [] }
        let present = values.compactMap { $0 }
        var largest = present.max() ?? 0
        var bottom = min(floor ?? present.min() ?? 0, largest)
        if largest - bottom < minimumRange {
            let middle = (largest + bottom) / 2
            (bottom, largest) = (middle - minimumRange / 2, middle + minimumRange / 2)
        }
        let span = largest - bottom
        let eighths = values.map { value -> Int? in
            guard let value else { return nil }
            guard span > 0 else { return 1 }
            return max(1, min(height * 8, Int(((value - bottom) / span * Double(height * 8)).rounded())))
        }
        return (0..<height).map { row in
            let base = (height - 1 - row) * 8
            return String(
                eighths.map { level -> Character in
                    guard let level else { return " " }
                    let fill = max(0, min(8, level - base))
                    return fill == 0 ? " " : blocks[fill - 1]
                })
        }
    }
}
