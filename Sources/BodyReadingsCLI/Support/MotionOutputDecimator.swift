/// Chooses which estimates to print at `--interval SECONDS`, on a grid: the first estimate anchors it, and each grid
/// point `anchor + k × interval` then prints the estimate nearest to it — the first one at or after
/// `grid point − half a sample period` (the sample period taken as the spacing of the last two estimates), since the
/// one after it would be farther away. When an estimate lands a whole interval or more past its grid point (a gap
/// in the data, or samples slower than the interval), the grid re-anchors at that estimate. An interval of 0 prints
/// everything.
///
/// Printed times therefore average exactly `interval` apart whenever samples come at least as often, whatever the
/// jitter of their timestamps and whatever their magnitude (kernel realtime stamps, ≈ 1.8e9 s, where a Double
/// resolves only 2.4e-7 s). The decision depends on the times alone, so `fuse --interval` of a recording repeats
/// exactly what `stream --interval` printed.
public struct MotionOutputDecimator: Sendable {
    /// Seconds between printed estimates (0: all).
    public let interval: Double
    /// The next grid point, s; nil before the first estimate.
    private var next: Double?
    /// Time of the previous estimate (printed or not), s.
    private var previous: Double?

    /// Precondition: `interval` is finite and ≥ 0 (validate user input before).
    public init(interval: Double) {
        precondition(interval.isFinite && interval >= 0, "the interval must be finite and non-negative")
        self.interval = interval
    }

    /// True when the estimate at time `t` (seconds) should be printed; advances the grid when it is.
    public mutating func shouldEmit(t: Double) -> Bool {
        defer { previous = t }
        guard interval > 0, let next else {
            self.next = t + interval
            return true
        }
        let period = previous.map { max(0, t - $0) } ?? 0
        let tolerance = min(period, interval) / 2
        guard t >= next - tolerance else { return false }
        let following = next + interval
        // A whole grid point passed without an estimate near it: start a new grid here.
        self.next = t >= following - tolerance ? t + interval : following
        return true
    }
}
