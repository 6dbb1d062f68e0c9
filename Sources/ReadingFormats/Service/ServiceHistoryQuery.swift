import SystemSupport
import TextFormats

/// A `history` request: stored readings from `from` to `to` (Unix time, s), summed or averaged per minute, hour or
/// day. Without `from`, the range starts at the beginning of today (local time); without `to`, it ends now.
public struct ServiceHistoryQuery: Sendable, Equatable {
    /// How rows are grouped.
    public enum Period: String, Sendable, CaseIterable {
        case minute, hour, day
    }

    /// `steps` or `heart_rate` (or `motion`: the per-minute motion summary; `altitude`: the flights climbed, asked
    /// for as `"reading":"flights"`).
    public var reading: ServiceReading
    /// Start of the range, Unix time, s; nil: the start of today.
    public var from: Double?
    /// End of the range (exclusive), Unix time, s; nil: now.
    public var to: Double?
    /// Row period; default `.minute`.
    public var per: Period

    public init(reading: ServiceReading, from: Double? = nil, to: Double? = nil, per: Period = .minute) {
        self.reading = reading
        self.from = from
        self.to = to
        self.per = per
    }

    init(_ value: JSONValue) throws(ServiceProtocolError) {
        reading = value["reading"]?.stringValue == Self.flights ? .altitude : try ServiceRequest.reading(value)
        guard reading != .raw, reading != .altitude || value["reading"]?.stringValue == Self.flights else {
            throw ServiceProtocolError(
                "\(reading == .raw ? "raw samples" : "altitudes") are not stored: ask for steps, heart_rate, motion or "
                    + "flights")
        }
        from = try Self.time(value, "from")
        to = try Self.time(value, "to")
        if let from, let to, to <= from { throw ServiceProtocolError("\"to\" must be after \"from\"") }
        guard let name = value["per"] else {
            per = .minute
            return
        }
        guard let text = name.stringValue, let period = Period(rawValue: text) else {
            throw ServiceProtocolError("\"per\" must be minute, hour or day, not \(name.rendered)")
        }
        per = period
    }

    /// The query's members of a `history` request.
    var members: [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [("reading", .string(reading == .altitude ? Self.flights : reading.name))]
        if let from { members.append(("from", .number(from))) }
        if let to { members.append(("to", .number(to))) }
        members.append(("per", .string(per.rawValue)))
        return members
    }

    /// The name of the stored flights in a `history` request.
    static let flights = "flights"

    private static func time(_ value: JSONValue, _ key: String) throws(ServiceProtocolError) -> Double? {
        guard let member = value[key], !member.isNull else { return nil }
        guard let time = member.numberValue, WallClock.calendarTimes.contains(time) else {
            throw ServiceProtocolError(
                "\"\(key)\" must be a Unix time in seconds from \(WallClock.calendarTimesText), not \(member.rendered)")
        }
        return time
    }
}
