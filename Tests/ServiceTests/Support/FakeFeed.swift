import Foundation
import ReadingFormats
import Service
import TextFormats

/// A feed whose updates the test publishes: every subscriber of a reading gets every line, on the test's thread;
/// with `batched`, inside the batches the test opens and closes (`beginBatch()`, `endBatch()`).
final class FakeFeed: ReadingsFeed, @unchecked Sendable {
    // @unchecked: `subscribers` and `observers` are guarded by `lock`.
    private struct Subscriber {
        let id: Int
        let reading: ServiceReading
        let deliver: @Sendable ([UInt8]) -> Void
        let notice: @Sendable ([UInt8]) -> Void
        let end: @Sendable (String?) -> Void
    }

    let availability = ServiceAvailability(
        source: "fake", hasAccelerometer: true, hasGyroscope: true, hasMagnetometer: false, maximumSampleRate: 100,
        unavailable: [.heartRate: "no PPG sensor here"])
    let captureInterval = 0.01
    private let lock = NSLock()
    private var subscribers: [Subscriber] = []
    private var next = 0
    private let batched: Bool
    private var observers: [(begin: @Sendable () -> Void, end: @Sendable () -> Void)] = []

    init(batched: Bool = false) {
        self.batched = batched
    }

    func observeBatches(begin: @escaping @Sendable () -> Void, end: @escaping @Sendable () -> Void) -> Bool {
        guard batched else { return false }
        lock.withLock { observers.append((begin, end)) }
        return true
    }

    /// Opens a batch: updates published now wait for `endBatch()`.
    func beginBatch() {
        for observer in lock.withLock({ observers }) { observer.begin() }
    }

    /// Closes the batch.
    func endBatch() {
        for observer in lock.withLock({ observers }) { observer.end() }
    }

    func subscribe(
        _ reading: ServiceReading, interval: Double, everySample: Bool,
        deliver: @escaping @Sendable ([UInt8]) -> Void, notice: @escaping @Sendable ([UInt8]) -> Void,
        end: @escaping @Sendable (String?) -> Void
    ) -> FeedSubscription? {
        let id = lock.withLock {
            next += 1
            subscribers.append(Subscriber(id: next, reading: reading, deliver: deliver, notice: notice, end: end))
            return next
        }
        return FeedSubscription(reading: reading) { [weak self] in
            self?.lock.withLock { self?.subscribers.removeAll { $0.id == id } }
        }
    }

    func history(_ query: ServiceHistoryQuery) throws(ServiceProtocolError) -> [(String, JSONValue)] {
        [("rows", .array([.object([("steps", .number(42))])]))]
    }

    var count: Int { lock.withLock { subscribers.count } }

    /// Delivers `line` (a newline is added) to every subscriber of `reading` as an update, or as a notice.
    func publish(_ reading: ServiceReading, _ line: String, notice: Bool = false) {
        let due = lock.withLock { subscribers.filter { $0.reading == reading } }
        let bytes = Array((line + "\n").utf8)
        for subscriber in due { notice ? subscriber.notice(bytes) : subscriber.deliver(bytes) }
    }

    /// Ends every subscription of `reading`.
    func end(_ reading: ServiceReading, error: String?) {
        let due = lock.withLock { subscribers.filter { $0.reading == reading } }
        for subscriber in due { subscriber.end(error) }
    }
}
