/// Which update interval the sensors run for, from the intervals their consumers ask for: the shortest one asked
/// (never longer than `base`, never shorter than one sample period of the fastest rate), like Android's
/// SensorService runs a sensor at the fastest rate any client asked for.
///
/// Faster demand takes effect at once; slower demand only after it persisted for `slowDownDelay` seconds, so that a
/// client that reconnects or a burst of short-lived ones does not restart the sensors each time. Pure: the caller
/// supplies the time.
struct IntervalPlan: Sendable {
    /// The interval with no demand, and the longest the plan uses, s.
    let base: Double
    /// One sample period at the sensors' fastest rate, s (0 when unknown): no demand is planned shorter.
    let shortest: Double
    /// Seconds a slower plan must be wanted before it is adopted.
    let slowDownDelay: Double
    private var demands: [UInt64: Double] = [:]
    /// The interval the sensors run for now, s.
    private(set) var running: Double
    /// Since when (caller's clock, s) a slower plan than `running` has been wanted.
    private var slowerSince: Double?

    init(base: Double, shortest: Double, slowDownDelay: Double = 2) {
        self.base = base
        self.shortest = max(0, shortest)
        self.slowDownDelay = slowDownDelay
        running = max(base, self.shortest)
    }

    /// The interval the current demand asks for, s. A demand of 0 ("every update") asks for nothing faster.
    var wanted: Double {
        let fastest = demands.values.filter { $0 > 0 }.min() ?? base
        return max(min(fastest, base), shortest)
    }

    /// Adds or changes the demand of consumer `id`.
    mutating func demand(_ id: UInt64, interval: Double) {
        demands[id] = interval
    }

    /// Removes the demand of consumer `id`.
    mutating func release(_ id: UInt64) {
        demands[id] = nil
    }

    /// The number of consumers with a demand.
    var count: Int { demands.count }

    /// The interval to restart the sensors at now, if they should restart: at once when the demand is faster
    /// than what runs (by more than 1 %); when it is slower by more than a factor of 2, once it has been for
    /// `slowDownDelay` seconds. Adopts the interval it returns as `running`.
    mutating func decide(now: Double) -> Double? {
        let wanted = self.wanted
        if wanted < running * 0.99 {
            slowerSince = nil
            running = wanted
            return wanted
        }
        guard wanted > running * 2 else {
            slowerSince = nil
            return nil
        }
        let since = slowerSince ?? now
        slowerSince = since
        guard now - since >= slowDownDelay else { return nil }
        slowerSince = nil
        running = wanted
        return wanted
    }
}
