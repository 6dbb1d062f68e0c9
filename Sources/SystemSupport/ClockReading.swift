#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `clock`'s reading (`clock_gettime`) in seconds, converted from whole nanoseconds as the kernel's IIO timestamps are,
/// so that a reading and a timestamp of the same instant are the same number. The one reading of `MonotonicClock`
/// and `WallClock`.
func clockReading(_ clock: clockid_t) -> Double {
    var time = timespec()
    clock_gettime(clock, &time)
    return Double(Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)) / 1e9
}
