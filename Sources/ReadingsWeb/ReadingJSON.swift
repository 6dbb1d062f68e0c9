import Barometry
import Fusion
import Pedometry
import Pulse
import ReadingFormats
import ReadingsStore
import TextFormats

/// The JSON of the API's answers and of the events' data (docs/http-api.md). Times of readings (`t`) are on the
/// readings' clock, s; stored times are local ISO 8601 with the offset, as `history` prints them.
enum ReadingJSON {
    /// `stream --format jsonl`'s object: `{"t":…,"attitude":{"w":…},"rotation_rate":{…},"gravity":{…},
    /// "user_acceleration":{…}}` (m/s², rad/s).
    static func motion(_ estimate: MotionEstimate) -> String {
        var line: [UInt8] = []
        line.reserveCapacity(400)
        MotionOutputWriter.append(estimate, format: .jsonl, units: .si, to: &line)
        if line.last == UInt8(ascii: "\n") { line.removeLast() }
        return String(decoding: line, as: UTF8.self)
    }

    /// The socket's `steps` event: `{"t":…,"steps":N,"cadence":…,"activity":"walking","today":M}`.
    static func steps(_ update: StepsUpdate) -> JSONValue {
        .object(update.step.jsonMembers(today: update.today))
    }

    /// The socket's `heart_rate` event: `{"t":…,"heart_rate":…|null,"rr_interval":…|null,"quality":"good"}`.
    static func beat(_ beat: Beat) -> JSONValue {
        .object(beat.jsonMembers)
    }

    /// The socket's `altitude` event with the day's flights:
    /// `{"t":…,"pressure":…,"relative_altitude":…,"floors_ascended":N,"floors_descended":M}`.
    static func altitude(_ update: AltitudeUpdate) -> JSONValue {
        .object(
            update.reading.jsonMembers(floorsAscended: update.floorsAscended, floorsDescended: update.floorsDescended))
    }

    /// `{"available":true}` or `{"available":false,"reason":"…"}`.
    static func availability(_ availability: ReadingAvailability) -> JSONValue {
        switch availability {
        case .available: return .object([("available", .bool(true))])
        case .unavailable(let reason): return .object([("available", .bool(false)), ("reason", .string(reason))])
        }
    }

    /// `{"from":…,"to":…,"steps":N}` for the day's bucket.
    static func stepsToday(_ bucket: StepsBucket) -> JSONValue {
        .object([
            ("from", .string(TimeText.format(bucket.start))), ("to", .string(TimeText.format(bucket.end))),
            ("steps", .number(Double(bucket.steps))),
        ])
    }

    /// `{"time":…,"heart_rate":…,"age":…}`: when (local ISO 8601), beats/min, seconds before `now`.
    static func heartRateSample(_ sample: StoredHeartRate, now: Double) -> JSONValue {
        .object([
            ("time", .string(TimeText.format(sample.time))),
            ("heart_rate", .number((sample.heartRate * 10).rounded() / 10)),
            ("age", .number(max(0, (now - sample.time).rounded()))),
        ])
    }
}
