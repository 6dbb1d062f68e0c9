/// What an ``MQTTPublisher`` did with the messages given to ``MQTTPublisher/publish(_:)``, at one moment.
///
/// Every accepted message ends up `delivered`, `dropped` or `rejected`, or is still `queued` or `inFlight`:
/// `accepted == delivered + dropped + rejected + queued + inFlight`. The messages the publisher sends on its own
/// (on every connection, and through ``MQTTPublisher/publishLatest(_:)``) are not counted.
public struct MQTTPublisherStatistics: Sendable, Hashable {
    /// Messages given to ``MQTTPublisher/publish(_:)``.
    public var accepted = 0
    /// Acknowledged by the broker (QoS 1) or written to the socket (QoS 0).
    public var delivered = 0
    /// Given up: the oldest of a full queue, QoS 0 messages while disconnected, QoS 0 messages unwritten when a
    /// connection dropped, and what was left when the publisher stopped.
    public var dropped = 0
    /// Refused by libmosquitto as invalid (a bad topic, a payload over MQTT's limit); never sent.
    public var rejected = 0
    /// Waiting in the publisher's queue.
    public var queued = 0
    /// Handed to libmosquitto and not yet acknowledged.
    public var inFlight = 0
    /// Bytes waiting in the queue.
    public var queuedBytes = 0
    /// Successful connections so far; reconnections are one less.
    public var connections = 0
    /// Whether the broker has accepted the current connection.
    public var isConnected = false

    public init() {}
}
