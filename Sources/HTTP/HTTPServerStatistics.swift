/// Counters of an ``HTTPServer`` since it started.
public struct HTTPServerStatistics: Sendable, Hashable {
    /// Connections accepted and served.
    public var connectionsAccepted = 0
    /// Connections answered 503 and closed because ``HTTPServer/Configuration/maximumConnections`` were open.
    public var connectionsRefused = 0
    /// Connections closed by a timeout (request, idle or write).
    public var connectionsTimedOut = 0
    /// Connections open now.
    public var openConnections = 0
    /// Requests answered by a handler or the router.
    public var requests = 0
    /// Requests refused by the parser (400, 411, 413, 414, 417, 431, 501, 505) or by a timeout (408).
    public var refusedRequests = 0
    /// Requests answered 401.
    public var unauthorizedRequests = 0
    /// Event streams open now.
    public var openEventStreams = 0
    /// Events written to clients.
    public var eventsSent = 0
    /// Events dropped because a client's queue was full.
    public var eventsDropped = 0

    public init() {}
}
