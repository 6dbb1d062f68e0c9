#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's wall clock (`CLOCK_REALTIME`), in Unix time: what stored readings are filed under. It can jump
/// (NTP, the user); use ``MonotonicClock`` for intervals.
package enum WallClock {
    /// Seconds since 1970-01-01 00:00 UTC.
    package static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
