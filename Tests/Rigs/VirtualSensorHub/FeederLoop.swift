import Glibc

/// The steady cadence of the register feeders: calls `tick` with the seconds since the start (CLOCK_MONOTONIC) at
/// `rate` Hz for `duration` seconds (nil: until killed) or until `tick` returns false. A short stall is caught up at
/// once; after one longer than a period the cadence restarts from now instead of bursting (the feeders write the
/// current truth, not a backlog).
enum FeederLoop {
    static func run(
        rate: Double, duration: Double?, start: Double = monotonicSeconds(),
        tick: (Double) throws(SystemError) -> Bool
    ) throws(SystemError) {
        let period = 1 / rate
        var due = 0.0
        while duration.map({ due < $0 }) ?? true {
            guard try tick(monotonicSeconds() - start) else { return }
            due += period
            let sleep = due - (monotonicSeconds() - start)
            if sleep > 0 {
                var request = timespec(tv_sec: Int(sleep), tv_nsec: Int((sleep - Double(Int(sleep))) * 1e9))
                var remaining = timespec()
                while nanosleep(&request, &remaining) == -1 && errno == EINTR { request = remaining }
            } else if sleep < -period {
                due = monotonicSeconds() - start
            }
        }
    }
}
