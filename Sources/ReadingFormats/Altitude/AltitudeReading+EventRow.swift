import Barometry
import TextFormats

/// An altimeter reading on the wire: `t` (s), `pressure` the filtered pressure (kPa), `relative_altitude` the height
/// above the first sample (m).
extension AltitudeReading: EventRow {
    public static let csvColumns = ["t", "pressure", "relative_altitude"]

    public var jsonMembers: [(String, JSONValue)] {
        [
            ("t", WirePrecision.time(t)), ("pressure", WirePrecision.pressure(pressure)),
            ("relative_altitude", WirePrecision.height(relativeAltitude)),
        ]
    }

    /// The members of a shared reading (the socket's and the web API's `altitude` events): the row and the flights
    /// of the local day so far.
    public func jsonMembers(floorsAscended: Int, floorsDescended: Int) -> [(String, JSONValue)] {
        jsonMembers + Self.flightsMembers(ascended: floorsAscended, descended: floorsDescended)
    }

    /// The day's flights on the wire: `floors_ascended`, `floors_descended`.
    public static func flightsMembers(ascended: Int, descended: Int) -> [(String, JSONValue)] {
        [("floors_ascended", WirePrecision.count(ascended)), ("floors_descended", WirePrecision.count(descended))]
    }
}
