/// What a handler answers: a whole response, or a stream of Server-Sent Events.
public enum HTTPReply: Sendable {
    /// A response, sent at once.
    case response(HTTPResponse)
    /// `200 OK` with `Content-Type: text/event-stream` and `headers`, then the events sent to the ``EventStream``
    /// that `open` receives (on the server's thread, once the head is queued; not for HEAD requests). The stream
    /// lasts until the client leaves, the producer calls ``EventStream/close()`` or the server stops.
    case eventStream(headers: HTTPHeaders = HTTPHeaders(), open: @Sendable (EventStream) -> Void)
}

/// Answers one request. Runs on the server's one thread: it must not block (see ``HTTPServer``).
public typealias HTTPHandler = @Sendable (HTTPRequest) -> HTTPReply
