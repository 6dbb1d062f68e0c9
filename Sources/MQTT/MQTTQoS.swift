/// MQTT quality of service of a publication (OASIS MQTT 3.1.1, section 4.3).
public enum MQTTQoS: Int32, Sendable, Hashable, CaseIterable {
    /// At most once: written to the socket and forgotten; lost when the connection drops.
    case atMostOnce = 0
    /// At least once: kept until the broker acknowledges it (PUBACK); may arrive twice after a reconnect.
    case atLeastOnce = 1
}
