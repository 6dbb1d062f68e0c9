import Barometry
import TextFormats

/// An altimeter reading as a row of the altitude output: `t` (s), `pressure` the filtered pressure (kPa),
/// `relative_altitude` the height above the first sample (m).
extension AltitudeReading: EventRow {
    public static let csvColumns = ["t", "pressure", "relative_altitude"]

    public func appendCSV(to bytes: inout [UInt8]) {
        DoubleText.appendShortest(time, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        DoubleText.appendShortest(pressure, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        DoubleText.appendShortest(relativeAltitude, to: &bytes)
    }

    public var jsonMembers: [(String, JSONValue)] {
        [("t", .number(time)), ("pressure", .number(pressure)), ("relative_altitude", .number(relativeAltitude))]
    }
}
