import Fusion
import MotionMath
import TextFormats

/// One line the service sends: a reading's update, a reply to a request, or news about the connection
/// (docs/socket-api.md). The encoders build lines for the service; `parse` reads them for a client.
///
///     {"event":"hello","protocol":1,"service":"bodyreadings 0.1.0","source":…,"readings":{…}}
///     {"reading":"motion","t":…,"attitude":{"w":…},"rotation_rate":{…},"gravity":{…},"user_acceleration":{…}}
///     {"reading":"raw","t":…,"acceleration":{…},"rotation_rate":{…},"magnetic_field":{…}}
///     {"reply":"subscribe","ok":true,"reading":"motion","interval":0.1,"id":1}
///     {"event":"dropped","count":12,"total":40}
///     {"event":"gap","missed":30,"from":1234.56,"to":1234.87}
///     {"event":"ended","reading":"motion","error":"…"}
///     {"event":"closing","reason":"the service is stopping"}
public enum ServiceEvent: Sendable, Equatable {
    /// The first line of every connection.
    case hello(protocolVersion: Int, service: String, availability: ServiceAvailability)
    /// A device-motion update (gyroscope bias and the resting flags are not sent: zero and false).
    case motion(MotionEstimate)
    /// A calibrated IMU sample.
    case raw(IMUSample)
    /// A step or heartbeat event, as sent (their types live with their readings).
    case reading(ServiceReading, JSONValue)
    /// The answer to a request: `op` is the request's op; `body` is the whole object.
    case reply(op: String, id: JSONValue?, ok: Bool, error: String?, body: JSONValue)
    /// `count` updates meant for this client were dropped because it did not read them in time (`total` since it
    /// connected); the next update follows the gap.
    case dropped(count: Int, total: Int)
    /// The sensors restarted for a new interval (a faster client came, or the fastest left): about `missed` samples
    /// of the rate that ran before did not come between the sample at `from` and the one at `to` (s). Comes before
    /// the update at `to`, to subscribers of motion and raw samples.
    case gap(missed: Int, from: Double, to: Double)
    /// A reading stopped for good (the device vanished, a recording ended): `error` says why, nil at a normal end.
    case ended(ServiceReading, error: String?)
    /// The service is going away; the connection closes after this line.
    case closing(reason: String)

    /// The version of the protocol described here.
    public static let protocolVersion = 1

    // MARK: Encoding (the service)

    /// The `hello` line.
    public static func helloLine(service: String, availability: ServiceAvailability) -> [UInt8] {
        var members: [(String, JSONValue)] = [
            ("event", .string("hello")), ("protocol", .number(Double(protocolVersion))), ("service", .string(service)),
        ]
        if case .object(let more) = availability.json { members += more }
        return line(.object(members))
    }

    /// A motion update's line: the `stream --format jsonl` object with `"reading":"motion"` first.
    public static func motionLine(_ estimate: MotionEstimate) -> [UInt8] {
        var object: [UInt8] = []
        object.reserveCapacity(400)
        MotionOutputWriter.append(estimate, format: .jsonl, units: .si, to: &object)
        var line = Array("{\"reading\":\"motion\",".utf8)
        line.reserveCapacity(line.count + object.count)
        line.append(contentsOf: object.dropFirst())
        return line
    }

    /// A raw sample's line; `magnetic_field` only when the sample has one. Written directly, byte for byte what
    /// the object `{"reading":"raw","t":…,"acceleration":{…},…}` renders to, without building it: one per sample.
    public static func rawLine(_ sample: IMUSample) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(320)
        bytes += #"{"reading":"raw","t":"#.utf8
        JSONValue.append(number: sample.t, to: &bytes)
        append("acceleration", sample.accelerometer, to: &bytes)
        append("rotation_rate", sample.gyroscope, to: &bytes)
        if let field = sample.magnetometer { append("magnetic_field", field, to: &bytes) }
        bytes += "}\n".utf8
        return bytes
    }

    /// Appends `,"key":{"x":…,"y":…,"z":…}`.
    private static func append(_ key: String, _ v: Vector3, to bytes: inout [UInt8]) {
        bytes += #",""#.utf8
        bytes += key.utf8
        bytes += #"":{"x":"#.utf8
        JSONValue.append(number: v.x, to: &bytes)
        bytes += #","y":"#.utf8
        JSONValue.append(number: v.y, to: &bytes)
        bytes += #","z":"#.utf8
        JSONValue.append(number: v.z, to: &bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    /// A step or heartbeat line: `fields` after `"reading":NAME`.
    public static func readingLine(_ reading: ServiceReading, _ fields: [(String, JSONValue)]) -> [UInt8] {
        line(.object([("reading", .string(reading.name))] + fields))
    }

    /// A reply line; `fields` follow `ok` (and `error`).
    public static func replyLine(
        op: String, id: JSONValue?, error: String? = nil, _ fields: [(String, JSONValue)] = []
    ) -> [UInt8] {
        var members: [(String, JSONValue)] = [("reply", .string(op)), ("ok", .bool(error == nil))]
        if let error { members.append(("error", .string(error))) }
        members += fields
        if let id { members.append(("id", id)) }
        return line(.object(members))
    }

    /// The `dropped` line.
    public static func droppedLine(count: Int, total: Int) -> [UInt8] {
        line(.object([("event", .string("dropped")), ("count", .number(Double(count))), ("total", .number(Double(total)))]))
    }

    /// The `gap` line.
    public static func gapLine(missed: Int, from: Double, to: Double) -> [UInt8] {
        line(
            .object([
                ("event", .string("gap")), ("missed", .number(Double(missed))), ("from", .number(from)),
                ("to", .number(to)),
            ]))
    }

    /// The `ended` line.
    public static func endedLine(_ reading: ServiceReading, error: String?) -> [UInt8] {
        line(.object([("event", .string("ended")), ("reading", .string(reading.name)), ("error", error.map(JSONValue.string) ?? .null)]))
    }

    /// The `closing` line.
    public static func closingLine(reason: String) -> [UInt8] {
        line(.object([("event", .string("closing")), ("reason", .string(reason))]))
    }

    /// `value` rendered compactly, with the newline.
    public static func line(_ value: JSONValue) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        value.append(to: &bytes)
        bytes.append(0x0A)
        return bytes
    }


    // MARK: Parsing (a client)

    /// Parses one line (without its newline).
    public static func parse(_ line: [UInt8]) throws(ServiceProtocolError) -> ServiceEvent {
        let value = try ServiceProtocolError.json(line, prefix: "the service sent a line that is not JSON")
        if let name = value["reading"]?.stringValue, value["event"] == nil, value["reply"] == nil {
            guard let reading = ServiceReading(rawValue: name) else {
                throw ServiceProtocolError("the service sent an unknown reading \(ServiceProtocolError.quoted(name))")
            }
            switch reading {
            case .motion: return .motion(try motion(value))
            case .raw: return .raw(try raw(value))
            case .steps, .heartRate, .altitude: return .reading(reading, value)
            }
        }
        if let op = value["reply"]?.stringValue {
            return .reply(
                op: op, id: value["id"], ok: value["ok"]?.boolValue ?? false, error: value["error"]?.stringValue,
                body: value)
        }
        switch value["event"]?.stringValue {
        case "hello":
            guard let version = value["protocol"]?.countValue else {
                throw ServiceProtocolError("the service's hello has no protocol version")
            }
            return .hello(
                protocolVersion: version, service: value["service"]?.stringValue ?? "",
                availability: try ServiceAvailability(json: value))
        case "dropped":
            return .dropped(
                count: value["count"]?.countValue ?? 0, total: value["total"]?.countValue ?? 0)
        case "gap":
            guard let missed = value["missed"]?.countValue, let from = value["from"]?.numberValue,
                let to = value["to"]?.numberValue
            else { throw ServiceProtocolError("the service's gap event needs missed, from and to") }
            return .gap(missed: missed, from: from, to: to)
        case "ended":
            guard let name = value["reading"]?.stringValue, let reading = ServiceReading(rawValue: name) else {
                throw ServiceProtocolError("the service's ended event names no known reading")
            }
            return .ended(reading, error: value["error"]?.stringValue)
        case "closing":
            return .closing(reason: value["reason"]?.stringValue ?? "the service is stopping")
        default:
            throw ServiceProtocolError("the service sent a line that is neither a reading, a reply nor an event")
        }
    }

    private static func motion(_ value: JSONValue) throws(ServiceProtocolError) -> MotionEstimate {
        guard let t = value["t"]?.numberValue, let w = value["attitude"]?["w"]?.numberValue,
            let x = value["attitude"]?["x"]?.numberValue, let y = value["attitude"]?["y"]?.numberValue,
            let z = value["attitude"]?["z"]?.numberValue
        else { throw ServiceProtocolError("a motion update needs t and attitude w, x, y, z") }
        return MotionEstimate(
            t: t, attitude: Quaternion(w: w, x: x, y: y, z: z),
            rotationRate: try vector(value, "rotation_rate"), gravity: try vector(value, "gravity"),
            userAcceleration: try vector(value, "user_acceleration"), gyroBias: .zero, isResting: false,
            isMagneticallyDisturbed: false)
    }

    private static func raw(_ value: JSONValue) throws(ServiceProtocolError) -> IMUSample {
        guard let t = value["t"]?.numberValue else { throw ServiceProtocolError("a raw sample needs t") }
        let field = value["magnetic_field"] == nil ? nil : try vector(value, "magnetic_field")
        return IMUSample(
            t: t, accelerometer: try vector(value, "acceleration"), gyroscope: try vector(value, "rotation_rate"),
            magnetometer: field)
    }

    private static func vector(_ value: JSONValue, _ key: String) throws(ServiceProtocolError) -> Vector3 {
        guard let x = value[key]?["x"]?.numberValue, let y = value[key]?["y"]?.numberValue,
            let z = value[key]?["z"]?.numberValue
        else { throw ServiceProtocolError("\"\(key)\" needs numbers x, y and z") }
        return Vector3(x, y, z)
    }
}
