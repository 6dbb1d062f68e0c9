import Pedometry
import Pulse
import ReadingsWeb
import TextFormats

/// A step or heartbeat line of the service's socket read back into the reading it carries: the fields of the
/// web's events (`{"t","steps","cadence","activity","today"}`, `{"t","heart_rate","rr_interval","quality"}`). A
/// line without them becomes an unavailability that says so, never a reading with made-up values.
enum ServiceReadingFields {
    /// The step, with the day's steps.
    static func steps(_ fields: JSONValue) -> ReadingUpdate<StepsUpdate> {
        guard let t = fields["t"]?.numberValue, let count = fields["steps"]?.numberValue,
            let today = fields["today"]?.numberValue
        else { return .availability(.unavailable(reason: "the service's steps lack \"t\", \"steps\" or \"today\"")) }
        let activity = fields["activity"]?.stringValue.flatMap(Activity.init(rawValue:)) ?? .walking
        let step = Step(time: t, count: Int(count), cadence: fields["cadence"]?.numberValue ?? .nan, activity: activity)
        return .reading(StepsUpdate(step: step, today: Int(today)))
    }

    /// The heartbeat.
    static func beat(_ fields: JSONValue) -> ReadingUpdate<Beat> {
        guard let t = fields["t"]?.numberValue, let name = fields["quality"]?.stringValue,
            let quality = BeatQuality(rawValue: name)
        else { return .availability(.unavailable(reason: "the service's beats lack \"t\" or \"quality\"")) }
        return .reading(
            Beat(
                time: t, rrInterval: fields["rr_interval"]?.numberValue, heartRate: fields["heart_rate"]?.numberValue,
                quality: quality))
    }
}
