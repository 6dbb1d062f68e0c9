/// The aggregate of some minute rows of one ``MinuteSeries``: how many minutes had a row and each column's merged
/// value (nil for a minimum or maximum over no values).
struct SeriesTotals: Sendable, Equatable {
    /// Minute rows aggregated.
    var minutes: Int
    /// The columns in the series' order.
    var values: [Double?]

    /// Nothing: no minutes, sums 0, extremes nil.
    init(empty series: MinuteSeries) {
        minutes = 0
        values = series.columns.map { $0.merge == .sum ? 0 : nil }
    }

    init(minutes: Int, values: [Double?]) {
        self.minutes = minutes
        self.values = values
    }

    /// Adds `other` (of the same series) by each column's rule.
    mutating func merge(_ other: SeriesTotals, series: MinuteSeries) {
        minutes += other.minutes
        for (index, column) in series.columns.enumerated() {
            values[index] = Self.merged(values[index], other.values[index], column.merge)
        }
    }

    /// Column `index` as a number, 0 when nil.
    func value(_ index: Int) -> Double { values[index] ?? 0 }

    /// Column `index` as a whole count, rounded; 0 when nil, and when the stored value is no count at all (negative,
    /// not finite or beyond 2⁵³: a damaged store), instead of a conversion that traps.
    func count(_ index: Int) -> Int {
        let value = value(index).rounded()
        return value >= 0 && value <= 9_007_199_254_740_992 ? Int(value) : 0
    }

    static func merged(_ a: Double?, _ b: Double?, _ merge: MinuteSeries.Merge) -> Double? {
        guard let a else { return b }
        guard let b else { return a }
        switch merge {
        case .sum: return a + b
        case .minimum: return min(a, b)
        case .maximum: return max(a, b)
        }
    }
}
