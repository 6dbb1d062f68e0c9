import FoundationEssentials
import MQTT

extension ReadingsPublisher {
    /// What to publish where: broker, topics, quality of service, batching, discovery.
    public struct Settings: Sendable {
        /// The broker and the login.
        public var broker: BrokerURL
        /// The board's topics.
        public var layout: TopicLayout
        /// TLS files for `mqtts://`; nil there means the system's CA certificates (`/etc/ssl/certs`).
        public var tls: MQTTTLSConfiguration?
        /// Quality of service of the readings. Default ``MQTTQoS/atLeastOnce``: queued through outages.
        /// The status is always QoS 1 and retained.
        public var qos: MQTTQoS = .atLeastOnce
        /// Seconds of reading time per `imu/*` message. Default 1. Steps and beats are sent as they come.
        public var batchPeriod: Double = 1
        /// Publish Home Assistant discovery configuration on every connection. Default false.
        public var homeAssistant = false
        /// The board has a barometer: Home Assistant discovery adds flights climbed, relative altitude and pressure.
        /// Default false.
        public var barometer = false
        /// Home Assistant's discovery prefix. Default `homeassistant`.
        public var discoveryPrefix = HomeAssistantDiscovery.defaultPrefix
        /// The queue's limits while the broker is away.
        public var limits = MQTTQueueLimits()
        /// Delays between connection attempts.
        public var backOff = ReconnectBackOff()
        /// Keep-alive, s: the broker publishes the will about 1.5 times this after the board vanished. Default 30.
        public var keepAlive = 30
        /// Seconds between status updates while connected. Default 10.
        public var statusPeriod: Double = 10
        /// Unix time now, s (replaceable in tests).
        public var wallClock: @Sendable () -> Double = { Date().timeIntervalSince1970 }

        public init(broker: BrokerURL, layout: TopicLayout) {
            self.broker = broker
            self.layout = layout
        }

        /// The MQTT client id: `bodyreadings-<device id>`.
        public var clientID: String { "bodyreadings-\(layout.deviceID)" }
    }
}
