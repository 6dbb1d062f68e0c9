import SystemSupport

/// A span of time, [``start``, ``end``), in Unix time (seconds since 1970-01-01 UTC).
///
/// Stored minutes belong to a range when the minute starts in it.
public struct TimeRange: Sendable, Hashable, CustomStringConvertible {
    /// The first instant, s.
    public private(set) var start: Double
    /// The first instant after the range, s.
    public private(set) var end: Double

    /// The range [`start`, `end`); `end` before `start` is read as an empty range at `start`. Both are kept inside
    /// the times a store can hold (`WallClock.calendarTimes`, 1970 to the year 10000; NaN counts as 1970), so that no
    /// range, however it was made, reaches a conversion to whole seconds that would trap: callers that take times
    /// from outside refuse the rest with an error first.
    public init(start: Double, end: Double) {
        self.start = Self.clamped(start)
        self.end = max(self.start, Self.clamped(end))
    }

    private static func clamped(_ time: Double) -> Double {
        let times = WallClock.calendarTimes
        return time >= times.lowerBound ? min(time, times.upperBound) : times.lowerBound
    }

    /// The local day holding `now` (Unix time, s): from its midnight to the next, in the zone of `TZ` or
    /// `/etc/localtime`.
    public static func today(now: Double) -> TimeRange {
        LocalTime.refreshZone()
        let second = Int64(now.rounded(.down))
        return TimeRange(
            start: Double(LocalTime.startOfDay(second)), end: Double(LocalTime.startOfNextDay(second)))
    }

    /// The local day holding the current time (the system's wall clock).
    public static func today() -> TimeRange {
        today(now: WallClock.now())
    }

    /// `start…end` in local ISO 8601 with offsets.
    public var description: String {
        TimeText.format(start) + "…" + TimeText.format(end)
    }
}
