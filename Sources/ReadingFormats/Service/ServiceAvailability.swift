import TextFormats

/// What a running service can share: its source and which readings it has, with the reason for each one it has
/// not (a reading that is missing says why, never shows as zero). Sent in the `hello` event and in reply to
/// `available`.
public struct ServiceAvailability: Sendable, Equatable {
    /// The source's description, e.g. `sim (seed 1)` or `iio local: accel_3d + gyro_3d`.
    public var source: String
    /// The source has an accelerometer.
    public var hasAccelerometer: Bool
    /// The source has a gyroscope.
    public var hasGyroscope: Bool
    /// The source has a magnetometer.
    public var hasMagnetometer: Bool
    /// The sensors' highest sampling frequency, Hz, when known.
    public var maximumSampleRate: Double?
    /// Why each missing reading is missing; a reading not listed is available.
    public var unavailable: [ServiceReading: String]

    public init(
        source: String, hasAccelerometer: Bool, hasGyroscope: Bool, hasMagnetometer: Bool,
        maximumSampleRate: Double?, unavailable: [ServiceReading: String]
    ) {
        self.source = source
        self.hasAccelerometer = hasAccelerometer
        self.hasGyroscope = hasGyroscope
        self.hasMagnetometer = hasMagnetometer
        self.maximumSampleRate = maximumSampleRate
        self.unavailable = unavailable
    }

    /// True when `reading` can be subscribed to.
    public func isAvailable(_ reading: ServiceReading) -> Bool { unavailable[reading] == nil }

    /// `{"source":…,"readings":{"motion":{"available":true},…,"steps":{"available":false,"reason":…}}}`; the raw
    /// reading also lists its sensors and `maximum_sample_rate`.
    public var json: JSONValue {
        let readings = ServiceReading.allCases.map { reading -> (String, JSONValue) in
            var members: [(String, JSONValue)] = [("available", .bool(isAvailable(reading)))]
            if let reason = unavailable[reading] { members.append(("reason", .string(reason))) }
            if reading == .raw {
                members += [
                    ("accelerometer", .bool(hasAccelerometer)), ("gyroscope", .bool(hasGyroscope)),
                    ("magnetometer", .bool(hasMagnetometer)),
                    ("maximum_sample_rate", maximumSampleRate.map(JSONValue.number) ?? .null),
                ]
            }
            return (reading.name, .object(members))
        }
        return .object([("source", .string(source)), ("readings", .object(readings))])
    }

    /// Reads what `json` wrote.
    public init(json: JSONValue) throws(ServiceProtocolError) {
        guard let source = json["source"]?.stringValue, case .object = json["readings"] ?? .null else {
            throw ServiceProtocolError("availability needs \"source\" and \"readings\"")
        }
        self.source = source
        let raw = json["readings"]?["raw"]
        hasAccelerometer = raw?["accelerometer"]?.boolValue ?? false
        hasGyroscope = raw?["gyroscope"]?.boolValue ?? false
        hasMagnetometer = raw?["magnetometer"]?.boolValue ?? false
        maximumSampleRate = raw?["maximum_sample_rate"]?.numberValue
        unavailable = [:]
        for reading in ServiceReading.allCases {
            let entry = json["readings"]?[reading.name]
            if entry?["available"]?.boolValue != true {
                unavailable[reading] = entry?["reason"]?.stringValue ?? "not offered by this service"
            }
        }
    }
}
