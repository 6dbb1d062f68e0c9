import TextFormats

/// Samples of one topic collected until a batch period of reading time has passed: at 100 Hz and 1 s, one message
/// of 100 samples instead of 100 messages, which is what keeps broker, network and CPU load small.
struct SampleBatch {
    /// Seconds of reading time one message covers; 0 or less sends every sample on its own.
    let period: Double
    private(set) var samples: [JSONValue] = []
    private var start = 0.0

    init(period: Double) {
        self.period = period
    }

    /// Adds a sample at time `t`; returns the finished batch when this sample lies a period or more after the
    /// batch's first (the new sample then starts the next batch), or when batching is off.
    mutating func add(_ sample: JSONValue, t: Double) -> [JSONValue]? {
        guard period > 0 else { return [sample] }
        var finished: [JSONValue]?
        if !samples.isEmpty, t - start >= period || t < start {
            finished = samples
            samples.removeAll(keepingCapacity: true)
        }
        if samples.isEmpty { start = t }
        samples.append(sample)
        return finished
    }

    /// Takes what was collected (at the end).
    mutating func flush() -> [JSONValue]? {
        guard !samples.isEmpty else { return nil }
        defer { samples.removeAll() }
        return samples
    }
}
