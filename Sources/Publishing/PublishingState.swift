import TextFormats

/// What a ``ReadingsPublisher`` keeps between calls: the open batches, the offset from reading time to Unix time,
/// and when the status was last sent.
struct PublishingState {
    private var batches: [BatchedTopic: SampleBatch] = [:]
    /// Unix time minus reading time, fixed at the first reading, so that `time` advances exactly with `t`.
    private var timeOffset: Double?
    /// Unix time of the last status update.
    private var lastStatus: Double?

    init(batchPeriod: Double) {
        for topic in BatchedTopic.allCases { batches[topic] = SampleBatch(period: batchPeriod) }
    }

    /// The Unix time of reading time `t`.
    mutating func time(for t: Double, clock: () -> Double) -> Double {
        if let timeOffset { return t + timeOffset }
        let offset = clock() - t
        timeOffset = offset
        return t + offset
    }

    /// Adds a sample to `topic`'s batch; returns a finished batch.
    mutating func add(_ sample: JSONValue, t: Double, to topic: BatchedTopic) -> [JSONValue]? {
        batches[topic]?.add(sample, t: t)
    }

    /// Takes every unfinished batch.
    mutating func flush() -> [(BatchedTopic, [JSONValue])] {
        BatchedTopic.allCases.compactMap { topic in batches[topic]?.flush().map { (topic, $0) } }
    }

    /// Whether `period` seconds passed since the last status update (the first call only starts the count: the
    /// connection's birth message is the first status).
    mutating func statusDue(now: Double, period: Double) -> Bool {
        guard let lastStatus else {
            self.lastStatus = now
            return false
        }
        guard now - lastStatus >= period else { return false }
        self.lastStatus = now
        return true
    }
}
