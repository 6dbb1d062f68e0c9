#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's monotonic clock (`CLOCK_MONOTONIC`), in seconds: timestamps for devices without a timestamp channel,
/// polling schedules and real-time pacing. The clock of the IIO core's default timestamps and of `ThreadCondition`'s
/// timed waits, so that all three can be compared.
package enum MonotonicClock {
    /// Seconds since an arbitrary fixed point (boot), never going back.
    package static func now() -> Double {
        clockReading(CLOCK_MONOTONIC)
    }

    /// Sleeps `seconds` (at least; a signal's interruption is resumed). The corresponding C function is
    /// `nanosleep`.
    package static func sleep(_ seconds: Double) {
        guard seconds > 0, seconds.isFinite else { return }
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
    }

    /// Sleeps until the clock reads `deadline` (seconds, as `now()`); at once when it has passed. A signal's
    /// interruption is resumed. The corresponding C function is `clock_nanosleep` with `TIMER_ABSTIME`.
    package static func sleep(until deadline: Double) {
        guard deadline.isFinite else { return }
        #if canImport(Glibc)
        let whole = deadline.rounded(.down)
        var time = timespec(tv_sec: Int(whole), tv_nsec: min(999_999_999, Int(((deadline - whole) * 1e9).rounded())))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &time, nil) == EINTR {}
        #else
        Self.sleep(deadline - now())
        #endif
    }
}
