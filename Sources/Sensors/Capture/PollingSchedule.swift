import SystemSupport

/// The monotonic deadlines of a polling loop, one per `period`: a tick missed by a slow round trip is skipped rather
/// than caught up in a burst.
struct PollingSchedule {
    let period: Double
    private(set) var next: Double

    /// A schedule whose first tick is now.
    init(period: Double) {
        self.period = period
        next = MonotonicClock.now()
    }

    /// Moves to the next tick after the one just served and returns its deadline (monotonic seconds).
    mutating func advance() -> Double {
        next += period
        let now = MonotonicClock.now()
        if now > next + period { next += ((now - next) / period).rounded(.down) * period }
        return next
    }
}
