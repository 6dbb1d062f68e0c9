/// Chooses which updates to deliver at an update interval, on a grid: the first update anchors it, and each grid
/// point `anchor + k × interval` then delivers the update nearest to it — the first one at or after
/// `grid point − half a sample period` (the sample period taken as the spacing of the last two updates), since the
/// one after it would be farther away. When an update lands a whole interval or more past its grid point (a gap in
/// the data, or samples slower than the interval), the grid re-anchors at that update. An interval of 0 delivers
/// everything.
///
/// Delivered times therefore average exactly `interval` apart whenever samples come at least as often, whatever the
/// jitter of their timestamps and whatever their magnitude (kernel realtime stamps, ≈ 1.8e9 s, where a Double
/// resolves only 2.4e-7 s). The decision depends on the times alone, so `fuse --interval` of a recording repeats
/// exactly what `stream --interval` printed, and `MotionManager` delivers what `stream` prints.
public struct UpdateDecimator: Sendable {
    /// Seconds between delivered updates (0: all). Changing it keeps the grid point of the last delivery and
    /// spaces the next one by the new interval.
    public var interval: Double {
        didSet {
            precondition(interval.isFinite && interval >= 0, "the interval must be finite and non-negative")
            next = next.map { $0 - oldValue + interval }
        }
    }
    /// The next grid point, s; nil before the first update.
    @usableFromInline var next: Double?
    /// Time of the previous update (delivered or not), s.
    @usableFromInline var previous: Double?
    /// The grid lies on whole multiples of the interval (the first update waits for the first one, a re-anchoring
    /// takes the next one) instead of starting at the first update: decimators that start at different times then
    /// deliver the same updates, so that a service sends to all its clients of one interval at once.
    public let alignsToMultiples: Bool

    /// Precondition: `interval` is finite and ≥ 0 (validate user input before). `alignsToMultiples`: see there
    /// (default false).
    public init(interval: Double, alignsToMultiples: Bool = false) {
        precondition(interval.isFinite && interval >= 0, "the interval must be finite and non-negative")
        self.interval = interval
        self.alignsToMultiples = alignsToMultiples
    }

    /// True when the update at time `t` (seconds) should be delivered; advances the grid when it is.
    @inlinable
    public mutating func shouldEmit(t: Double) -> Bool {
        defer { previous = t }
        if alignsToMultiples, interval > 0, next == nil { next = (t / interval).rounded(.up) * interval }
        guard interval > 0, let next else {
            self.next = t + interval
            return true
        }
        let period = previous.map { max(0, t - $0) } ?? 0
        let tolerance = min(period, interval) / 2
        guard t >= next - tolerance else { return false }
        // Aligned, each grid point is computed as a multiple, so that long sums of the interval (which a Double at
        // kernel realtime magnitudes rounds) cannot carry one decimator's grid away from another's.
        let following = alignsToMultiples ? ((next / interval).rounded() + 1) * interval : next + interval
        // A whole grid point passed without an update near it: start a new grid here (aligned: the next multiple).
        if t >= following - tolerance {
            let multiple = ((t + tolerance) / interval).rounded(.down) * interval + interval
            self.next = alignsToMultiples ? multiple : t + interval
        } else {
            self.next = following
        }
        return true
    }
}
