import TextFormats

/// One request of a client of `bodyreadings serve`: a JSON object on one line (docs/socket-api.md).
///
///     {"op":"subscribe","reading":"motion","interval":0.1,"id":1}
///     {"op":"subscribe","reading":"raw","interval":0.01,"every_sample":true}
///     {"op":"unsubscribe","reading":"motion"}
///     {"op":"available"}   {"op":"status"}
///     {"op":"history","reading":"steps","from":1796083200,"to":1796169600,"per":"hour"}
///
/// `id` is optional and any JSON value; the reply repeats it.
public struct ServiceRequest: Sendable, Equatable {
    /// What the client asks for.
    public enum Operation: Sendable, Equatable {
        /// Updates of `reading` every `interval` seconds of sample time (0: every update). With `everySample`
        /// (raw only), every sample the sensors deliver, the sensors running fast enough for `interval`: a client
        /// that fuses or records on its own. Subscribing again to the same reading changes the interval.
        case subscribe(ServiceReading, interval: Double, everySample: Bool)
        /// No more updates of `reading`.
        case unsubscribe(ServiceReading)
        /// Which readings the service has, and why the others are missing.
        case available
        /// The service's counts: clients, subscriptions, the capture interval, the drops of this client.
        case status
        /// Stored readings over a time range (the readings store).
        case history(ServiceHistoryQuery)
    }

    /// The longest interval a subscription may ask for, s.
    public static let maximumInterval = 3600.0

    public var operation: Operation
    /// Repeated in the reply, so that a client can match replies to requests.
    public var id: JSONValue?

    public init(_ operation: Operation, id: JSONValue? = nil) {
        self.operation = operation
        self.id = id
    }

    /// Parses one line (without its newline).
    public static func parse(_ line: [UInt8]) throws(ServiceProtocolError) -> ServiceRequest {
        let value = try ServiceProtocolError.json(line, prefix: "not JSON")
        guard case .object = value else { throw ServiceProtocolError("a request is a JSON object, not \(value.typeName)") }
        guard let op = value["op"]?.stringValue else {
            throw ServiceProtocolError("a request needs \"op\": subscribe, unsubscribe, available, status or history")
        }
        let id = value["id"]
        switch op {
        case "subscribe":
            let reading = try Self.reading(value)
            let interval = try Self.interval(value)
            let everySample = value["every_sample"]?.boolValue ?? false
            if everySample, reading != .raw {
                throw ServiceProtocolError("\"every_sample\" is for the raw reading only")
            }
            return ServiceRequest(.subscribe(reading, interval: interval, everySample: everySample), id: id)
        case "unsubscribe":
            return ServiceRequest(.unsubscribe(try Self.reading(value)), id: id)
        case "available":
            return ServiceRequest(.available, id: id)
        case "status":
            return ServiceRequest(.status, id: id)
        case "history":
            return ServiceRequest(.history(try ServiceHistoryQuery(value)), id: id)
        default:
            throw ServiceProtocolError(
                "unknown op \(ServiceProtocolError.quoted(op)) (use subscribe, unsubscribe, available, status or history)")
        }
    }

    /// The request as JSON.
    public var json: JSONValue {
        var members: [(String, JSONValue)]
        switch operation {
        case .subscribe(let reading, let interval, let everySample):
            members = [("op", .string("subscribe")), ("reading", .string(reading.name)), ("interval", .number(interval))]
            if everySample { members.append(("every_sample", .bool(true))) }
        case .unsubscribe(let reading):
            members = [("op", .string("unsubscribe")), ("reading", .string(reading.name))]
        case .available:
            members = [("op", .string("available"))]
        case .status:
            members = [("op", .string("status"))]
        case .history(let query):
            members = [("op", .string("history"))] + query.members
        }
        if let id { members.append(("id", id)) }
        return .object(members)
    }

    /// The request's line, newline included.
    public var line: [UInt8] { Array((json.rendered + "\n").utf8) }

    static func reading(_ value: JSONValue) throws(ServiceProtocolError) -> ServiceReading {
        guard let name = value["reading"]?.stringValue else {
            throw ServiceProtocolError("a request needs \"reading\": motion, raw, steps, heart_rate or altitude")
        }
        guard let reading = ServiceReading(rawValue: name) else {
            throw ServiceProtocolError("unknown reading \(ServiceProtocolError.quoted(name)) (use motion, raw, steps, heart_rate or altitude)")
        }
        return reading
    }

    private static func interval(_ value: JSONValue) throws(ServiceProtocolError) -> Double {
        guard let member = value["interval"] else { return 0.1 }
        guard let interval = member.numberValue, interval.isFinite, interval >= 0, interval <= maximumInterval else {
            throw ServiceProtocolError(
                "\"interval\" must be a number of seconds from 0 to \(Int(maximumInterval)), not \(member.rendered)")
        }
        return interval
    }
}
