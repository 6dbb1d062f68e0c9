import SystemSupport

/// A span of time, [``start``, ``end``), in Unix time (seconds since 1970-01-01 UTC).
///
/// Stored minutes belong to a range when the minute starts in it.
public struct TimeRange: Sendable, Hashable, CustomStringConvertible {
    /// The first instant, s.
    public var start: Double
    /// The first instant after the range, s.
    public var end: Double

    /// The range [`start`, `end`); `end` before `start` is read as an empty range at `start`.
    public init(start: Double, end: Double) {
        self.start = start
        self.end = max(start, end)
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
