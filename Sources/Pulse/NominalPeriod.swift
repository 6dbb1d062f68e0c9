/// The nominal sample period of a series of increasing timestamps: the median of its first eight time steps, so that
/// a few jittering or missing samples at the start do not set it. What `BeatDetector` designs its filters for, and
/// what a reader of recordings compares with `BeatDetector.maximumSampleRate` before the detector sees the samples.
public struct NominalPeriod: Sendable, Hashable {
    private var steps = RecentValues(capacity: 8)
    private var last: Double?
    /// The period, s, once known (from the ninth timestamp on).
    public private(set) var value: Double?

    /// Nothing seen yet.
    public init() {}

    /// Takes the next timestamp (greater than the previous one); returns the period when this timestamp made it
    /// known, nil before and after.
    public mutating func add(_ t: Double) -> Double? {
        guard value == nil else { return nil }
        if let last { steps.append(t - last) }
        last = t
        guard steps.count >= steps.capacity, let median = steps.median else { return nil }
        value = median
        return median
    }
}
