#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Civil time in the process's time zone through the C library (`localtime_r`, `mktime`), so that `TZ` and
/// `/etc/localtime` decide where a day or an hour begins, daylight-saving changes included (a day may be 23 or 25
/// hours long).
///
/// glibc's `localtime_r` reads the zone only once per process; ``refreshZone()`` re-reads `TZ` (the `tzset` call),
/// and every public entry point that cuts time into local days calls it.
enum LocalTime {
    /// A local date and time with the zone's offset from UTC at that instant.
    struct Fields: Sendable, Equatable {
        var year: Int
        var month: Int
        var day: Int
        var hour: Int
        var minute: Int
        var second: Int
        /// Seconds east of UTC (`tm_gmtoff`), e.g. 3600 for CET.
        var utcOffset: Int
    }

    /// Re-reads the time zone (`TZ`, else `/etc/localtime`). The corresponding C function is `tzset`.
    static func refreshZone() {
        tzset()
    }

    /// The local fields of Unix time `time` (whole seconds). The corresponding C function is `localtime_r`.
    static func fields(_ time: Int64) -> Fields {
        var seconds = time_t(time)
        var broken = tm()
        localtime_r(&seconds, &broken)
        return Fields(
            year: Int(broken.tm_year) + 1900, month: Int(broken.tm_mon) + 1, day: Int(broken.tm_mday),
            hour: Int(broken.tm_hour), minute: Int(broken.tm_min), second: Int(broken.tm_sec),
            utcOffset: Int(broken.tm_gmtoff))
    }

    /// The Unix time of a local date and time; fields out of range roll over (day 32 is the next month's first).
    /// A time that does not exist (skipped by a daylight-saving change) moves forward by the change; one that exists
    /// twice (the hour repeated in autumn) is the first of the two. The corresponding C function is `mktime`.
    static func time(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) -> Int64 {
        var broken = tm()
        broken.tm_year = Int32(clamping: year - 1900)
        broken.tm_mon = Int32(clamping: month - 1)
        broken.tm_mday = Int32(clamping: day)
        broken.tm_hour = Int32(clamping: hour)
        broken.tm_min = Int32(clamping: minute)
        broken.tm_sec = Int32(clamping: second)
        broken.tm_isdst = -1
        return Int64(mktime(&broken))
    }

    /// The start of the local day holding `time`.
    static func startOfDay(_ time: Int64) -> Int64 {
        let local = fields(time)
        return self.time(year: local.year, month: local.month, day: local.day)
    }

    /// The start of the local day after the one holding `time`.
    static func startOfNextDay(_ time: Int64) -> Int64 {
        let local = fields(time)
        return self.time(year: local.year, month: local.month, day: local.day + 1)
    }

    /// The start of the local hour holding `time` (a UTC hour, unless the zone's offset is not whole hours).
    static func startOfHour(_ time: Int64) -> Int64 {
        let local = fields(time)
        return time - Int64(local.minute * 60 + local.second)
    }

    /// The start of the local hour after the one holding `time`.
    static func startOfNextHour(_ time: Int64) -> Int64 {
        let start = startOfHour(time)
        let next = startOfHour(start + 3600)
        // A zone moving its clock by a part of an hour can put the next local hour start less than an hour later.
        return next > start ? next : start + 3600
    }
}
