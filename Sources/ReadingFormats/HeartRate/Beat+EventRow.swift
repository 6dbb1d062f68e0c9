import Pulse
import TextFormats

/// A beat as a row of the heart-rate output: `t` the beat's time (s), `heart_rate` the smoothed heart rate
/// (beats/min), `rr_interval` the time since the previous beat (s), `quality` `good`, `irregular` or `poor`. No heart
/// rate for a beat that is not `good`, no interval for the first beat: empty (CSV) or `null` (JSON).
extension Beat: EventRow {
    public static let csvColumns = ["t", "heart_rate", "rr_interval", "quality"]

    public func appendCSV(to bytes: inout [UInt8]) {
        DoubleText.appendShortest(time, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        if let heartRate { DoubleText.appendShortest(heartRate, to: &bytes) }
        bytes.append(UInt8(ascii: ","))
        if let rrInterval { DoubleText.appendShortest(rrInterval, to: &bytes) }
        bytes.append(UInt8(ascii: ","))
        bytes += Array(quality.rawValue.utf8)
    }

    public var jsonMembers: [(String, JSONValue)] {
        [
            ("t", .number(time)),
            ("heart_rate", heartRate.map(JSONValue.number) ?? .null),
            ("rr_interval", rrInterval.map(JSONValue.number) ?? .null),
            ("quality", .string(quality.rawValue)),
        ]
    }
}
