/// One MQTT publication: topic, payload bytes, quality of service and the retain flag.
public struct MQTTMessage: Sendable, Hashable {
    /// The topic, e.g. `bodyreadings/board-7/imu/data`; no wildcards (`+`, `#`).
    public var topic: String
    /// The payload bytes (UTF-8 JSON for everything BodyReadings publishes).
    public var payload: [UInt8]
    /// Quality of service. Default ``MQTTQoS/atMostOnce``.
    public var qos: MQTTQoS
    /// Whether the broker keeps it as the topic's last value for later subscribers. Default false.
    public var retain: Bool

    /// A message with `payload` bytes.
    public init(topic: String, payload: [UInt8], qos: MQTTQoS = .atMostOnce, retain: Bool = false) {
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retain = retain
    }

    /// A message whose payload is `text` in UTF-8.
    public init(topic: String, text: String, qos: MQTTQoS = .atMostOnce, retain: Bool = false) {
        self.init(topic: topic, payload: Array(text.utf8), qos: qos, retain: retain)
    }

    /// Bytes this message holds in memory (topic and payload), what queue limits count.
    public var size: Int { topic.utf8.count + payload.count }
}
