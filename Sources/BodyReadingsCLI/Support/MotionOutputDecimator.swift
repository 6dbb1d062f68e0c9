/// Chooses which estimates to print at `--interval SECONDS`: the first one, then each one whose time is at least
/// `interval` after the last printed one (`t ≥ last + interval`, with 1 ns of slack so that sampling times such as
/// 0.30000000000000004 count as on time). An interval of 0 prints everything.
public struct MotionOutputDecimator: Sendable {
    /// Seconds between printed estimates (0: all).
    public let interval: Double
    private var lastEmitted: Double?

    /// Precondition: `interval` is finite and ≥ 0 (validate user input before).
    public init(interval: Double) {
        precondition(interval.isFinite && interval >= 0, "the interval must be finite and non-negative")
        self.interval = interval
    }

    /// True when the estimate at time `t` (seconds) should be printed; remembers `t` when it is.
    public mutating func shouldEmit(t: Double) -> Bool {
        if let last = lastEmitted, t < last + interval - 1e-9 { return false }
        lastEmitted = t
        return true
    }
}
