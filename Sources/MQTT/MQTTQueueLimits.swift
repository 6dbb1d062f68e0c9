/// How much an ``MQTTPublisher`` holds while the broker is unreachable or slow, and what it gives up first.
///
/// Policy: **drop the oldest**. When a new QoS 1 message would pass either limit, the oldest waiting messages are
/// dropped until it fits, and counted (``MQTTPublisherStatistics/dropped``). Readings are telemetry: after an outage
/// the newest are worth most, and a subscriber sees one gap at the start of the outage rather than a stale backlog
/// without the present.
public struct MQTTQueueLimits: Sendable, Hashable {
    /// At most this many messages wait. Default 10 000.
    public var maximumMessages: Int
    /// At most this many bytes (topics and payloads) wait. Default 8 MiB: 100 Hz device motion, raw samples, steps and
    /// heart rate in 1 s batches make about 50 KiB a second, so a 2½-minute outage fits in the memory budget of a
    /// small board (about 30 MB of RSS for publishing).
    public var maximumBytes: Int

    /// Limits of `maximumMessages` messages and `maximumBytes` bytes (each at least 1).
    public init(maximumMessages: Int = 10_000, maximumBytes: Int = 8 << 20) {
        self.maximumMessages = max(1, maximumMessages)
        self.maximumBytes = max(1, maximumBytes)
    }
}
