/// The topics one board publishes under: `<prefix>/imu/data`, `…/imu/data_raw`, `…/imu/mag`, `…/steps`,
/// `…/heart_rate`, `…/altitude`, `…/flights` and the retained `…/status`. The prefix defaults to `bodyreadings/<device id>`, so a fleet's boards
/// share one broker on topics of their own (`bodyreadings/+/heart_rate` follows them all).
public struct TopicLayout: Sendable, Hashable {
    /// The board's id: in the default prefix, the payloads, the MQTT client id and Home Assistant's unique ids.
    public let deviceID: String
    /// Every topic starts with this, without a trailing `/`.
    public let prefix: String

    /// The prefix of `deviceID`'s topics unless one is given. Throws ``TopicLayoutError`` for text MQTT forbids.
    public init(prefix: String? = nil, deviceID: String) throws(TopicLayoutError) {
        try Self.check(deviceID, what: "device id")
        guard !deviceID.contains("/") else { throw .slashInDeviceID(deviceID) }
        var chosen = prefix ?? "bodyreadings/\(deviceID)"
        while chosen.hasSuffix("/") { chosen.removeLast() }
        try Self.check(chosen, what: "topic prefix")
        self.deviceID = deviceID
        self.prefix = chosen
    }

    /// Fused device motion: attitude, rotation rate, gravity, user acceleration.
    public var deviceMotion: String { prefix + "/imu/data" }
    /// Calibrated accelerometer and gyroscope samples.
    public var rawIMU: String { prefix + "/imu/data_raw" }
    /// Calibrated magnetometer samples.
    public var magneticField: String { prefix + "/imu/mag" }
    /// Steps.
    public var steps: String { prefix + "/steps" }
    /// Heart rate, one message per beat.
    public var heartRate: String { prefix + "/heart_rate" }
    /// Pressure and relative altitude from a barometer.
    public var altitude: String { prefix + "/altitude" }
    /// The flights climbed today, one message per floor.
    public var flights: String { prefix + "/flights" }
    /// Retained `online`/`offline` with the publisher's counters.
    public var status: String { prefix + "/status" }

    /// The longest topic or client id MQTT carries, in UTF-8 bytes (a two-byte length field).
    public static let maximumBytes = 65_535
    /// Room kept for what is added to the prefix or device id: `/imu/data_raw`, `bodyreadings-`, Home Assistant's
    /// `homeassistant/sensor/<id>/<object>/config`.
    static let addedBytes = 64

    private static func check(_ text: String, what: String) throws(TopicLayoutError) {
        guard !text.isEmpty else { throw .empty(what: what) }
        if let bad = text.first(where: { $0 == "+" || $0 == "#" }) {
            throw .forbiddenCharacter(what: what, text: text, character: bad)
        }
        // The broker library refuses control characters (NUL included) and Unicode non-characters in UTF-8 text.
        if let bad = text.unicodeScalars.first(where: isRefusedByBrokers) {
            throw .controlCharacter(what: what, text: text, scalar: bad.value)
        }
        guard !text.hasPrefix("$") else { throw .reserved(what: what, text: text) }
        let limit = maximumBytes - addedBytes
        guard text.utf8.count <= limit else { throw .tooLong(what: what, bytes: text.utf8.count, limit: limit) }
    }

    /// C0 and C1 controls, DEL, and the non-characters U+FDD0…U+FDEF and U+xFFFE/U+xFFFF: MQTT (and mosquitto's
    /// UTF-8 check) forbids them in topics and client ids.
    static func isRefusedByBrokers(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value <= 0x1F || (0x7F...0x9F).contains(value) || (0xFDD0...0xFDEF).contains(value)
            || value & 0xFFFE == 0xFFFE
    }
}
