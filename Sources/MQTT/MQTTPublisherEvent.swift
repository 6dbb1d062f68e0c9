/// What an ``MQTTPublisher`` reports about its connection, for a status line on stderr. Delivered on the publisher's
/// network thread: handle it quickly.
public enum MQTTPublisherEvent: Sendable, Hashable {
    /// The broker accepted a connection; `reconnection` is false for the first.
    case connected(reconnection: Bool)
    /// An attempt to connect failed; the next one follows in `retryIn` seconds.
    case connectionFailed(MQTTError, retryIn: Double)
    /// An established connection ended; the publisher reconnects.
    case connectionLost(MQTTError)
    /// Messages were dropped since the last report (at most one report a second): `count` new, `total` in all.
    case dropped(count: Int, total: Int)
    /// libmosquitto refused a message as invalid (``MQTTPublisherStatistics/rejected``).
    case rejected(MQTTError)
}
