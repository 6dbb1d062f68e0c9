import SystemSupport

/// The hand-over between capture threads (one per device) and the reader: batches of readings in arrival order,
/// bounded, with the first failure any producer posts.
///
/// When the reader falls so far behind that `capacity` readings wait, the oldest are dropped and counted — the
/// toolkit's only possible source of drops, reported with the overruns.
final class ReadingQueue: @unchecked Sendable {
    // @unchecked: all state is guarded by `condition`.
    private let condition = ThreadCondition()
    private var readings: [SensorReading] = []
    private var failure: CaptureError?
    private var openProducers: Int
    private var cancelled = false
    private let capacity: Int
    private(set) var dropped = 0

    /// A queue fed by `producers` threads, holding at most `capacity` readings.
    init(producers: Int, capacity: Int = 1 << 14) {
        self.openProducers = producers
        self.capacity = capacity
    }

    /// Appends readings and wakes the reader.
    func push(_ batch: [SensorReading]) {
        guard !batch.isEmpty else { return }
        condition.lock()
        readings.append(contentsOf: batch)
        if readings.count > capacity {
            let excess = readings.count - capacity
            readings.removeFirst(excess)
            dropped += excess
        }
        condition.signal()
        condition.unlock()
    }

    /// A producer failed: the reader gets `error` once the readings before it are taken (the first failure wins).
    func fail(_ error: CaptureError) {
        condition.lock()
        if failure == nil { failure = error }
        condition.broadcast()
        condition.unlock()
    }

    /// A producer ended normally.
    func producerFinished() {
        condition.lock()
        openProducers -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// Wakes the reader for good: `pop` answers nil from now on.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// Every waiting reading; blocks until there is one. Nil when cancelled or every producer finished; throws a
    /// producer's failure after the readings before it.
    func pop() throws(CaptureError) -> [SensorReading]? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if cancelled { return nil }
            if !readings.isEmpty {
                let batch = readings
                readings.removeAll(keepingCapacity: true)
                return batch
            }
            if let failure { throw failure }
            if openProducers <= 0 { return nil }
            condition.wait()
        }
    }

    var droppedReadings: Int {
        condition.lock()
        defer { condition.unlock() }
        return dropped
    }
}
