import Pedometry
import TextFormats

/// A step on the wire: `t` the step's time (s), `steps` the running count, `cadence` steps/min at that step,
/// `activity` `walking` or `running`.
extension Step: EventRow {
    public static let csvColumns = ["t", "steps", "cadence", "activity"]

    public var jsonMembers: [(String, JSONValue)] {
        [
            ("t", WirePrecision.time(t)), ("steps", WirePrecision.count(count)),
            ("cadence", WirePrecision.perMinute(cadence)), ("activity", .string(activity.rawValue)),
        ]
    }

    /// The members of a shared step (the socket's and the web API's `steps` events): the row and `today`, the steps
    /// of the local day so far, this one included.
    public func jsonMembers(today: Int) -> [(String, JSONValue)] {
        jsonMembers + [("today", WirePrecision.count(today))]
    }
}
