import Pulse
import TextFormats

/// A beat on the wire: `t` the beat's time (s), `heart_rate` the smoothed heart rate (beats/min), `rr_interval` the
/// time since the previous beat (s), `quality` `good`, `irregular` or `poor`. No heart rate for a beat that is not
/// `good`, no interval for the first beat: empty (CSV) or `null` (JSON).
extension Beat: EventRow {
    public static let csvColumns = ["t", "heart_rate", "rr_interval", "quality"]

    public var jsonMembers: [(String, JSONValue)] {
        [
            ("t", WirePrecision.time(t)),
            ("heart_rate", heartRate.map(WirePrecision.perMinute) ?? .null),
            ("rr_interval", rrInterval.map(WirePrecision.time) ?? .null),
            ("quality", .string(quality.rawValue)),
        ]
    }
}
