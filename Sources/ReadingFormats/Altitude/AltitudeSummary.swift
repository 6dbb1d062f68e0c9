import Barometry
import TextFormats

/// What the altitude output's summary line says (`{"summary":{"samples":N,"duration":…,"relative_altitude":…,
/// "floors_ascended":…,"floors_descended":…}}`), accumulated over a run; the floors are null when the input had no
/// accelerometer to tell walking.
public struct AltitudeSummary: EventSummary, Sendable, Equatable {
    /// Readings written.
    public private(set) var samples = 0
    /// The last reading's relative altitude, m; nil before one.
    public private(set) var relativeAltitude: Double?
    /// Floors climbed up and down while walking; nil without steps.
    public var floorsAscended: Int?
    public var floorsDescended: Int?
    private var first: Double?
    private var last: Double?

    /// An empty summary.
    public init() {}

    /// Seconds of input: from the first sample to the last one seen (0 before two samples).
    public var duration: Double {
        guard let first, let last else { return 0 }
        return last - first
    }

    public var rows: Int { samples }

    public var jsonMembers: [(String, JSONValue)] {
        [
            ("samples", WirePrecision.count(samples)), ("duration", WirePrecision.time(duration)),
            ("relative_altitude", relativeAltitude.map(WirePrecision.height) ?? .null),
            ("floors_ascended", floorsAscended.map(WirePrecision.count) ?? .null),
            ("floors_descended", floorsDescended.map(WirePrecision.count) ?? .null),
        ]
    }

    /// Counts a reading written.
    public mutating func add(_ reading: AltitudeReading) {
        samples += 1
        relativeAltitude = reading.relativeAltitude
        observe(time: reading.t)
    }

    /// Notes the time of a sample read, s.
    public mutating func observe(time: Double) {
        first = min(first ?? time, time)
        last = max(last ?? time, time)
    }
}
