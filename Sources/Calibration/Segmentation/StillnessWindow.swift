import MotionMath

/// Stillness of the last `StillnessTest.windowDuration` of a live stream of samples: what the guided procedures
/// ask before they take a sample, so that the tail of a movement, too slow to trip an estimator's own checks, never
/// enters a pose or an average.
///
/// The window holds at least `minimumSamples` samples, reaching further back than its duration when samples come
/// slowly (a sensor polled without an interrupt line, whose driver sleeps before each read, delivers 4–10 a second):
/// a window that held only its duration would hold four samples at one moment and five the next, and count as
/// moving whenever it held too few.
public struct StillnessWindow: Sendable {
    /// The fewest samples a window is judged on.
    public static let minimumSamples = 5
    /// The test applied to the window.
    public let test: StillnessTest
    private var recent: [IMUSample] = []
    /// Set once samples older than the window have been dropped: from then on the window spans its full duration.
    private var filled = false

    /// An empty window.
    public init(test: StillnessTest = StillnessTest()) {
        self.test = test
    }

    /// Adds a sample; true when the window spans its full duration, holds at least `minimumSamples` and is still.
    public mutating func add(_ sample: IMUSample) -> Bool {
        recent.append(sample)
        let older = recent.firstIndex { sample.t - $0.t <= test.windowDuration } ?? 0
        if older > 0 { filled = true }
        let cut = min(older, max(0, recent.count - Self.minimumSamples))
        if cut > 0 { recent.removeFirst(cut) }
        guard filled, recent.count >= Self.minimumSamples else { return false }
        return test.isStill(
            accelerometerDeviation: Self.largestDeviation(recent.map(\.accelerometer)),
            gyroscopeDeviation: Self.largestDeviation(recent.map(\.gyroscope)))
    }

    /// The largest per-axis (population) standard deviation of `values`.
    private static func largestDeviation(_ values: [Vector3]) -> Double {
        let mean = values.reduce(Vector3.zero, +) / Double(values.count)
        let variance = values.reduce(Vector3.zero) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)
        return max(variance.x, variance.y, variance.z).squareRoot()
    }
}
