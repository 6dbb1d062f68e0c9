import Pedometry
import TextFormats

/// A step as a row of the steps output: `t` the step's time (s), `steps` the running count, `cadence` steps/min at
/// that step, `activity` `walking` or `running`.
extension Step: EventRow {
    public static let csvColumns = ["t", "steps", "cadence", "activity"]

    public func appendCSV(to bytes: inout [UInt8]) {
        DoubleText.appendShortest(time, to: &bytes)
        bytes += Array(",\(count),".utf8)
        DoubleText.appendShortest(cadence, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        bytes += Array(activity.rawValue.utf8)
    }

    public var jsonMembers: [(String, JSONValue)] {
        [
            ("t", .number(time)), ("steps", .number(Double(count))), ("cadence", .number(cadence)),
            ("activity", .string(activity.rawValue)),
        ]
    }
}
