extension HTTPServer {
    /// Where and how the server listens, with its limits and timeouts; defaults suit a loopback dashboard with a
    /// hundred live clients.
    public struct Configuration: Sendable {
        /// The address and port to listen on.
        public var address: HTTPListenAddress
        /// The token every request must present; required when `address` is not loopback.
        public var token: BearerToken?
        /// Size limits of a request.
        public var limits = HTTPLimits()
        /// Connections served at once; one more is answered `503 Service Unavailable` and closed, so that a flood
        /// of idle connections (slow loris) cannot take every descriptor. Default 256.
        public var maximumConnections = 256
        /// Seconds from a request's first byte to its last, head and body; a client that takes longer gets
        /// `408 Request Timeout` and is closed. Default 10 s: a request of ours is a few hundred bytes.
        public var requestTimeout = 10.0
        /// Seconds a kept-alive connection may wait for its next request before it is closed. Default 30 s.
        public var idleTimeout = 30.0
        /// Seconds a response (or an event stream) may wait for the client to take any of its bytes before the
        /// connection is closed. Default 30 s.
        public var writeTimeout = 30.0
        /// Seconds of silence after which an event stream sends a comment line, so that a client that vanished is
        /// noticed and proxies keep the stream open. Default 15 s.
        public var keepAliveInterval = 15.0
        /// Events queued per event stream while its client is slow; beyond it the oldest are dropped and the
        /// client is told how many (a `dropped` event). Default 256.
        public var eventQueueCapacity = 256
        /// The reconnection delay sent to browsers at the start of an event stream (`retry:`), s. Default 2 s.
        public var reconnectDelay = 2.0

        public init(address: HTTPListenAddress, token: BearerToken? = nil) {
            self.address = address
            self.token = token
        }
    }
}
