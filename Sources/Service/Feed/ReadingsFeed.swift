import ReadingFormats
import TextFormats

/// What the service's servers (the Unix socket, HTTP) serve: which readings there are and their updates as
/// protocol lines (`ServiceEvent`), each subscriber at its own interval, plus stored history.
///
/// Deliveries may run on the thread that produced the update (the capture thread): a subscriber hands the line on
/// at once and never blocks.
public protocol ReadingsFeed: AnyObject, Sendable {
    /// The source and the readings it has (and why the others are missing).
    var availability: ServiceAvailability { get }

    /// The update interval the sensors run for now, s.
    var captureInterval: Double { get }

    /// Subscribes to `reading`: `deliver` gets each update's line (newline included) every `interval` seconds of
    /// sample time (0: every update), or every sample with `everySample` (raw, the sensors running for
    /// `interval`); `notice` each line that tells of a loss (a restart's `gap`), which a subscriber that falls
    /// behind may drop updates around but never drops; `end` once when the reading stops for good, with the reason
    /// when it failed. Nil when the reading is not available.
    func subscribe(
        _ reading: ServiceReading, interval: Double, everySample: Bool,
        deliver: @escaping @Sendable ([UInt8]) -> Void, notice: @escaping @Sendable ([UInt8]) -> Void,
        end: @escaping @Sendable (String?) -> Void
    ) -> FeedSubscription?

    /// Stored readings for a `history` request: the reply's members (e.g. `rows`), or why there are none.
    func history(_ query: ServiceHistoryQuery) throws(ServiceProtocolError) -> [(String, JSONValue)]

    /// What the feed adds to a `status` reply (e.g. the readings store's backlog and losses); none by default.
    var statusMembers: [(String, JSONValue)] { get }

    /// Calls `begin` before and `end` after each batch of deliveries (on the delivering thread), when the feed
    /// delivers every update inside such a batch: a subscriber may then hold its updates and send them at the
    /// batch's end. False (the default): the feed has no batches, each line goes out as it comes.
    func observeBatches(begin: @escaping @Sendable () -> Void, end: @escaping @Sendable () -> Void) -> Bool
}

extension ReadingsFeed {
    public var statusMembers: [(String, JSONValue)] { [] }

    public func observeBatches(begin: @escaping @Sendable () -> Void, end: @escaping @Sendable () -> Void) -> Bool {
        false
    }
}

/// A subscription to a `ReadingsFeed`; `cancel()` ends it without calling its `end` (idempotent).
public final class FeedSubscription: Sendable {
    /// The reading subscribed to.
    public let reading: ServiceReading
    private let cancellation: @Sendable () -> Void

    public init(reading: ServiceReading, cancel: @escaping @Sendable () -> Void) {
        self.reading = reading
        self.cancellation = cancel
    }

    /// Stops the updates.
    public func cancel() { cancellation() }
}
