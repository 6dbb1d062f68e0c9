/// What a request may hold before the server refuses it. The defaults fit an API and a dashboard (requests of a few
/// hundred bytes, no uploads) with room for browsers' cookies; a client that needs more is not one of ours.
public struct HTTPLimits: Sendable, Hashable {
    /// Bytes of the request line and header fields together, CRLFs included; more is
    /// 431 Request Header Fields Too Large. Default 16 KiB (nginx's `large_client_header_buffers` is 4 × 8 KiB).
    public var headerBytes: Int = 16 * 1024
    /// Header fields in one request; more is 431. Default 100 (what Go's and Node's servers allow in spirit).
    public var headerCount: Int = 100
    /// Bytes of the request target (path and query); more is 414 URI Too Long. Default 8 KiB.
    public var targetBytes: Int = 8 * 1024
    /// Bytes of a request body (`Content-Length`); more is 413 Content Too Large. Default 64 KiB.
    public var bodyBytes: Int = 64 * 1024

    public init(
        headerBytes: Int = 16 * 1024, headerCount: Int = 100, targetBytes: Int = 8 * 1024, bodyBytes: Int = 64 * 1024
    ) {
        self.headerBytes = headerBytes
        self.headerCount = headerCount
        self.targetBytes = targetBytes
        self.bodyBytes = bodyBytes
    }
}
