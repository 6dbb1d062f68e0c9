/// The last `capacity` values of a series (oldest first), with their median, second largest value and sum: the
/// detector's small trackers
/// (upstroke slopes, pulse amplitudes, RR intervals). Storage is reserved once; nothing grows.
struct RecentValues: Sendable, Hashable {
    private(set) var values: [Double]
    let capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
        values = []
        values.reserveCapacity(self.capacity)
    }

    var count: Int { values.count }
    var isEmpty: Bool { values.isEmpty }

    /// Appends `value`, dropping the oldest one when full.
    mutating func append(_ value: Double) {
        if values.count == capacity { values.removeFirst() }
        values.append(value)
    }

    /// Drops the oldest value (none when empty).
    mutating func removeFirst() {
        if !values.isEmpty { values.removeFirst() }
    }

    mutating func removeAll() {
        values.removeAll(keepingCapacity: true)
    }

    /// The median (the mean of the middle two for an even count); nil when empty.
    var median: Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let n = sorted.count
        return n % 2 == 1 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2])
    }

    /// The second largest value (the only one when there is one); nil when empty.
    var secondLargest: Double? {
        guard values.count >= 2 else { return values.first }
        return values.sorted()[values.count - 2]
    }

    /// The sum, added oldest first.
    var sum: Double {
        var total = 0.0
        for value in values { total += value }
        return total
    }
}
