/// How often a live capture wakes its reader: once per update interval, and once per two intervals when the interval
/// is shorter than `shortestWakePeriod`, so that the latency added stays at most one update interval.
///
/// Why: on the 2-core development host a thread that sleeps and wakes on a timer costs about 12 µs of CPU per
/// wake-up (kernel context switch; measured with a bare `clock_nanosleep` loop: 1.2 % of a core at 1000 wake-ups/s,
/// 0.7 % at 500/s). At a 1 ms interval that alone is more than the 1 % budget of `stream`; at the default 0.1 s it is
/// nothing. Batching two intervals halves it, and the rows of one wake-up leave in one `write`.
///
/// The bound: an update waits at most one update interval longer than with a wake-up per interval (two intervals
/// per wake-up: it is delivered less than two intervals after its sample instead of less than one), and a buffered
/// refill's first sample waits at most one interval for the refill's last.
public enum WakeBatching {
    /// Intervals shorter than this (seconds) are batched two per wake-up: 2 ms, i.e. at most about 500 wake-ups/s
    /// down to 1 ms and 800/s at the shortest interval of a 1600 Hz sensor.
    public static let shortestWakePeriod = 0.002

    /// Update intervals one wake-up covers: 2 when `interval` (seconds) is positive and shorter than
    /// `shortestWakePeriod`, else 1.
    public static func intervalsPerWake(interval: Double) -> Int {
        interval > 0 && interval < shortestWakePeriod ? 2 : 1
    }

    /// Seconds between the wake-ups of a source paced on its own clock (the simulated IMU) delivering updates every
    /// `interval` seconds from samples every `samplePeriod` seconds: the interval (at least one sample period) times
    /// `intervalsPerWake`.
    public static func wakePeriod(interval: Double, samplePeriod: Double) -> Double {
        let period = max(interval, samplePeriod)
        return period * Double(intervalsPerWake(interval: period))
    }

    /// Samples per refill of a buffered capture at `rate` Hz for updates every `interval` seconds: one interval's
    /// samples (at least 1); below `shortestWakePeriod`, up to two intervals' but no more than keeps the refill's
    /// first sample waiting at most one interval (`floor(rate × interval) + 1`): 2 at 1600 Hz and 1 ms, not 1.
    /// The kernel wakes the reader once per refill when the buffer watermark is this many samples.
    public static func samplesPerRefill(rate: Double, interval: Double) -> Int {
        let perInterval = min(rate * interval + 1e-9, 1e9)
        guard perInterval > 0 else { return 1 }
        let one = Int(perInterval.rounded(.down))
        guard intervalsPerWake(interval: interval) == 2 else { return max(1, one) }
        return max(1, min(Int((2 * perInterval).rounded(.down)), one + 1))
    }
}
