#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Civil time in the process's time zone through the C library (`localtime_r`), so that `TZ` and
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

    /// The Unix time of a local date and time (`month` 1…12); other fields out of range roll over (day 32 is the
    /// next month's first, hour 24 the next day's midnight).
    /// A time that does not exist (skipped by a change of the zone's offset) moves forward by the change; one that
    /// exists twice (the hour repeated in autumn) is the first of the two.
    ///
    /// The C library's `mktime` decides neither reliably (glibc may take a skipped midnight to the evening before, and
    /// a repeated time to its second instance), so the answer is found among the offsets the zone has within a day
    /// of the time: the earliest instant whose local time it is, else the earliest one after it.
    static func time(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) -> Int64 {
        // The local time as if the zone were UTC (seconds since the epoch of the local calendar).
        let days = TimeText.daysSinceEpoch(year: year, month: month, day: 1) + day - 1
        let local = Int64(days) * 86_400 + Int64(hour) * 3600 + Int64(minute) * 60 + Int64(second)
        var offsets: Set<Int64> = []
        // Offsets are within ±26 h, and a zone changes its offset at most once in a few hours.
        for probe in stride(from: local - 93_600, through: local + 93_600, by: 10_800) {
            offsets.insert(Int64(fields(probe).utcOffset))
        }
        let candidates = offsets.map { local - $0 }.sorted()
        if let exact = candidates.first(where: { Int64(fields($0).utcOffset) == local - $0 }) { return exact }
        return candidates.first(where: { $0 + Int64(fields($0).utcOffset) >= local }) ?? local
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

