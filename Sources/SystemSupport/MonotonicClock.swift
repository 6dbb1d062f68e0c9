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
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)) / 1e9
    }
}
