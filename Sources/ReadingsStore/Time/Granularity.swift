/// How finely a history is cut: per minute, per local hour, or per local day.
public enum Granularity: String, Sendable, Hashable, CaseIterable {
    /// One bucket per stored minute (a UTC minute, which is a local minute in every current zone).
    case minute
    /// One bucket per local clock hour.
    case hour
    /// One bucket per local calendar day (midnight to midnight, 23 or 25 hours on daylight-saving days).
    case day
}
