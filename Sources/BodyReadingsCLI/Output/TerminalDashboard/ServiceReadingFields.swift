import BodyReadings
import ReadingFormats
import ReadingsWeb
import TextFormats

/// A step, heartbeat or altitude line of the service's socket read back into the reading it carries: the `steps`,
/// `heart-rate` and `altitude` commands' JSON rows (`{"t","steps","cadence","activity"}`, `{"t","heart_rate",
/// "rr_interval","quality"}`, `{"t","pressure","relative_altitude"}` with the day's `floors_ascended` and
/// `floors_descended`). A line without them becomes an unavailability that says so, never a reading with made-up
/// values.
enum ServiceReadingFields {
    /// The step (`count` is the service's running count), or why the line is not one.
    static func step(_ fields: JSONValue) -> Result<Step, ServiceProtocolError> {
        guard let t = fields["t"]?.numberValue, let count = fields["steps"]?.countValue,
            let name = fields["activity"]?.stringValue, let activity = Activity(rawValue: name)
        else { return .failure(ServiceProtocolError("the service's steps lack \"t\", \"steps\" or \"activity\"")) }
        return .success(Step(t: t, count: count, cadence: fields["cadence"]?.numberValue ?? .nan, activity: activity))
    }

    /// The altitude with the day's flights.
    static func flights(_ fields: JSONValue) -> ReadingUpdate<AltitudeUpdate> {
        guard let t = fields["t"]?.numberValue, let pressure = fields["pressure"]?.numberValue,
            let height = fields["relative_altitude"]?.numberValue, let up = fields["floors_ascended"]?.countValue,
            let down = fields["floors_descended"]?.countValue
        else {
            return .availability(
                .unavailable(reason: "the service's altitude lacks \"t\", \"pressure\", \"relative_altitude\" or the floors"))
        }
        return .reading(
            AltitudeUpdate(
                reading: AltitudeReading(t: t, pressure: pressure, relativeAltitude: height), floorsAscended: up,
                floorsDescended: down))
    }

    /// The heartbeat.
    static func beat(_ fields: JSONValue) -> ReadingUpdate<Beat> {
        guard let t = fields["t"]?.numberValue, let name = fields["quality"]?.stringValue,
            let quality = BeatQuality(rawValue: name)
        else { return .availability(.unavailable(reason: "the service's beats lack \"t\" or \"quality\"")) }
        return .reading(
            Beat(
                t: t, rrInterval: fields["rr_interval"]?.numberValue, heartRate: fields["heart_rate"]?.numberValue,
                quality: quality))
    }
}
