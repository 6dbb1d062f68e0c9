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
        clockReading(CLOCK_REALTIME)
    }

    /// The Unix times (s) that stored readings and history ranges may name: from 1970-01-01T00:00:00Z up to
    /// 10000-01-01T00:00:00Z, the years that four digits write. Every time that arrives from outside (a socket
    /// request, an HTTP parameter, a command-line argument) is checked against it before any conversion to whole
    /// seconds, which would trap beyond ±9.2e18.
    package static let calendarTimes: ClosedRange<Double> = 0...253_402_300_800

    /// ``calendarTimes`` as people read it, for error messages.
    package static let calendarTimesText = "0 (1970-01-01) to 253402300800 (10000-01-01)"
}
