/// What happened on a client's connection during its last network calls, in order.
public enum MQTTClientEvent: Sendable, Hashable {
    /// The broker accepted the connection (CONNACK 0).
    case connected
    /// The broker refused the connection with this CONNACK code (4: bad user name or password, 5: not authorised).
    case refused(connack: Int32)
    /// A publication is done with: acknowledged (PUBACK, QoS 1) or written to the socket (QoS 0).
    case delivered(MQTTMessageID)
    /// The connection closed: after ``MQTTClient/disconnect()`` (`expected`), or because it failed.
    case disconnected(expected: Bool)
}
