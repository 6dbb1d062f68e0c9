extension MQTTPublisher {
    /// Where to publish, as whom, and how hard to try.
    public struct Configuration: Sendable {
        /// The broker's host name or address.
        public var host: String
        /// The broker's port (1883 for `mqtt://`, 8883 for `mqtts://`).
        public var port: Int
        /// The client identifier; one per board, or boards take each other's connection over.
        public var clientID: String
        /// User name to log in with, or nil.
        public var username: String?
        /// Password to log in with, or nil.
        public var password: String?
        /// TLS files, or nil for a plain TCP connection.
        public var tls: MQTTTLSConfiguration?
        /// The last will: what the broker publishes when this client's connection dies without a clean stop.
        public var will: MQTTMessage?
        /// Seconds between keep-alive pings when idle; the broker declares the client dead after 1.5 times this
        /// (and publishes the will). Default 30, at least 5.
        public var keepAlive: Int = 30
        /// How much waits while the broker is away. Default ``MQTTQueueLimits/init(maximumMessages:maximumBytes:)``.
        public var limits = MQTTQueueLimits()
        /// Messages handed to libmosquitto before their acknowledgement. Default 20, libmosquitto's own default and
        /// mosquitto's `max_inflight_messages`: enough to keep a LAN link busy, few to resend after a reconnect.
        public var inFlightWindow = 20
        /// Delays between connection attempts.
        public var backOff = ReconnectBackOff()
        /// Seconds from the start of an attempt to the broker's CONNACK before the attempt counts as failed
        /// (``MQTTFailure/timedOut``). Default 10.
        public var handshakeTimeout: Double = 10
        /// Messages to publish first on every connection, before anything queued (a retained "online" status,
        /// discovery configuration), given the statistics at that moment. Not counted in the statistics.
        public var onConnect: @Sendable (MQTTPublisherStatistics) -> [MQTTMessage] = { _ in [] }

        /// A configuration for `clientID` at `host:port` with the defaults above.
        public init(host: String, port: Int, clientID: String) {
            self.host = host
            self.port = port
            self.clientID = clientID
        }
    }
}
