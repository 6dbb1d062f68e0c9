/// The recent altitudes, one every `spacing` s over `span` s, so that a step counted late (the step detector counts
/// a walk's first steps when it recognises the walk, up to 20 s after them) can be given the altitude at its own
/// time. A ring allocated once.
struct AltitudeHistory: Sendable {
    private var times: [Double]
    private var altitudes: [Double]
    private var next = 0
    private var count = 0
    let spacing: Double

    init(span: Double, spacing: Double) {
        let capacity = max(2, Int((span / spacing).rounded(.up)) + 1)
        times = Array(repeating: 0, count: capacity)
        altitudes = Array(repeating: 0, count: capacity)
        self.spacing = spacing
    }

    /// The newest time kept, s; nil while empty.
    var newest: Double? { count > 0 ? times[(next + times.count - 1) % times.count] : nil }

    /// The latest altitude added, with its time (kept or not).
    private(set) var latest: (time: Double, altitude: Double)?

    /// Adds `altitude` at `time`: kept when it is at least `spacing` after the newest kept, always the `latest`.
    mutating func add(time: Double, altitude: Double) {
        latest = (time, altitude)
        if let newest, time - newest < spacing { return }
        times[next] = time
        altitudes[next] = altitude
        next = (next + 1) % times.count
        count = min(count + 1, times.count)
    }

    /// The altitude at `time`, interpolated between the kept ones and the latest (the latest one after it); nil
    /// when `time` is before the oldest kept.
    func altitude(at time: Double) -> Double? {
        guard count > 0, let latest else { return nil }
        if time >= latest.time { return latest.altitude }
        let capacity = times.count
        let oldest = (next + capacity - count) % capacity
        guard time >= times[oldest] else { return nil }
        var low = 0
        var high = count - 1
        let newestIndex = (oldest + high) % capacity
        if time >= times[newestIndex] {
            let span = latest.time - times[newestIndex]
            let f = span > 0 ? (time - times[newestIndex]) / span : 1
            return altitudes[newestIndex] + f * (latest.altitude - altitudes[newestIndex])
        }
        while high - low > 1 {
            let middle = (low + high) / 2
            if times[(oldest + middle) % capacity] <= time { low = middle } else { high = middle }
        }
        let i = (oldest + low) % capacity
        let j = (oldest + high) % capacity
        let f = (time - times[i]) / (times[j] - times[i])
        return altitudes[i] + f * (altitudes[j] - altitudes[i])
    }

    /// Forgets every altitude.
    mutating func clear() {
        count = 0
        latest = nil
    }
}
