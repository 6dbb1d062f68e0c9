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

    /// `{"t":…,"steps":N,"cadence":…,"activity":"walking","today":M}`: the running count since the capture started,
    /// steps/min, and the day's steps.
    static func steps(_ update: StepsUpdate) -> JSONValue {
        .object([
            ("t", time(update.step.time)), ("steps", .number(Double(update.step.count))),
            ("cadence", .number((update.step.cadence * 10).rounded() / 10)),
            ("activity", .string(update.step.activity.rawValue)), ("today", .number(Double(update.today))),
        ])
    }

    /// `{"t":…,"heart_rate":…|null,"rr_interval":…|null,"quality":"good"}`: beats/min (only for a trusted beat),
    /// s.
    static func beat(_ beat: Beat) -> JSONValue {
        .object([
            ("t", time(beat.time)),
            ("heart_rate", beat.heartRate.map { .number(($0 * 10).rounded() / 10) } ?? .null),
            ("rr_interval", beat.rrInterval.map { .number(($0 * 1000).rounded() / 1000) } ?? .null),
            ("quality", .string(beat.quality.rawValue)),
        ])
    }

    /// `{"t":…,"pressure":…,"relative_altitude":…,"floors_ascended":N,"floors_descended":M}`: kPa, m, the day's
    /// flights.
    static func altitude(_ update: FlightsUpdate) -> JSONValue {
        .object([
            ("t", time(update.time)), ("pressure", .number((update.pressure * 1e6).rounded() / 1e6)),
            ("relative_altitude", .number((update.relativeAltitude * 1e4).rounded() / 1e4)),
            ("floors_ascended", .number(Double(update.floorsAscended))),
            ("floors_descended", .number(Double(update.floorsDescended))),
        ])
    }

    /// A time on the readings' clock rounded to the microsecond (`4.52`, not `4.5200000000000005`).
    private static func time(_ t: Double) -> JSONValue {
        .number((t * 1e6).rounded() / 1e6)
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
