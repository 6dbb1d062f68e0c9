import BodyReadings
import ReadingFormats
import ReadingsWeb
import TextFormats

/// A step or heartbeat line of the service's socket read back into the reading it carries: the `steps` and
/// `heart-rate` commands' JSON rows (`{"t","steps","cadence","activity"}`, `{"t","heart_rate","rr_interval",
/// "quality"}`). A line without them becomes an unavailability that says so, never a reading with made-up values.
enum ServiceReadingFields {
    /// The step (`count` is the service's running count), or why the line is not one.
    static func step(_ fields: JSONValue) -> Result<Step, ServiceProtocolError> {
        guard let t = fields["t"]?.numberValue, let count = fields["steps"]?.countValue,
            let name = fields["activity"]?.stringValue, let activity = Activity(rawValue: name)
        else { return .failure(ServiceProtocolError("the service's steps lack \"t\", \"steps\" or \"activity\"")) }
        return .success(Step(time: t, count: count, cadence: fields["cadence"]?.numberValue ?? .nan, activity: activity))
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
