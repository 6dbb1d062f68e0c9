/// The last minutes of one reading for a sparkline: values gathered into buckets of `bucket` seconds (on the
/// dashboard's monotonic clock), the newest `capacity` buckets kept.
struct RecentSeries: Sendable {
    /// How the values that fall into one bucket become its value.
    enum Combine: Sendable {
        /// The largest (user acceleration: a shake must not be averaged away).
        case maximum
        /// The sum (steps: a bucket's count).
        case sum
        /// The newest (heart rate: the smoothed rate already is an average).
        case latest
    }

    /// Width of a bucket, s.
    let bucket: Double
    /// Buckets kept.
    let capacity: Int
    /// How a bucket's values combine.
    let combine: Combine
    /// What a bucket without values stands for: nil draws a gap (nothing measured), 0 a low bar (steps: a
    /// measured pause).
    let empty: Double?
    private var buckets: [(index: Int, value: Double)] = []
    /// The bucket from which the reading was measured (`begin(at:)`, else the first value's): older buckets are
    /// gaps, not `empty`.
    private var first: Int?

    init(bucket: Double, capacity: Int, combine: Combine, empty: Double? = nil) {
        self.bucket = bucket
        self.capacity = capacity
        self.combine = combine
        self.empty = empty
    }

    /// The reading is measured from `time` on (s): from there, a bucket without values is `empty`.
    mutating func begin(at time: Double) {
        guard let index = index(time) else { return }
        first = index
    }

    /// Adds `value` measured at `time` (s, non-decreasing from call to call; an older time joins the newest
    /// bucket). Non-finite values are left out: a missing reading is not a value.
    mutating func add(_ value: Double, at time: Double) {
        guard value.isFinite, let index = index(time).map({ max($0, buckets.last?.index ?? .min) }) else { return }
        if first == nil { first = index }
        if let last = buckets.last, last.index == index {
            switch combine {
            case .maximum: buckets[buckets.count - 1].value = max(last.value, value)
            case .sum: buckets[buckets.count - 1].value = last.value + value
            case .latest: buckets[buckets.count - 1].value = value
            }
        } else {
            buckets.append((index, value))
            if buckets.count > capacity { buckets.removeFirst(buckets.count - capacity) }
        }
    }

    /// The bucket holding `time`, or nil for a time no clock gives (not finite, or beyond ±2⁵² buckets: a service's
    /// line can carry any number), which would trap converting to a whole number.
    private func index(_ time: Double) -> Int? {
        let index = (time / bucket).rounded(.down)
        return abs(index) < 4_503_599_627_370_496 ? Int(index) : nil
    }

    /// The values of the `count` buckets that end with the one holding `now`, oldest first; `empty` for a bucket
    /// without values since the reading was measured, nil before.
    func values(endingAt now: Double, count: Int) -> [Double?] {
        guard count > 0, let newest = index(now) else { return Array(repeating: nil, count: max(0, count)) }
        var values = (0..<count).map { slot -> Double? in
            guard let first, newest - (count - 1 - slot) >= first else { return nil }
            return empty
        }
        for entry in buckets {
            let slot = count - 1 - (newest - entry.index)
            if slot >= 0, slot < count { values[slot] = entry.value }
        }
        return values
    }

    /// True when no value was ever added.
    var isEmpty: Bool { buckets.isEmpty }
}
