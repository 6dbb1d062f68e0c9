import MotionMath

/// Stillness of the last `StillnessTest.windowDuration` of a live stream of samples: what the guided procedures
/// ask before they take a sample, so that the tail of a movement, too slow to trip an estimator's own checks, never
/// enters a pose or an average.
public struct StillnessWindow: Sendable {
    /// The test applied to the window.
    public let test: StillnessTest
    private var recent: [IMUSample] = []
    /// Set once samples older than the window have been dropped: from then on the window spans its full duration.
    private var filled = false

    /// An empty window.
    public init(test: StillnessTest = StillnessTest()) {
        self.test = test
    }

    /// Adds a sample; true when the window spans its full duration, holds at least five samples and is still.
    public mutating func add(_ sample: IMUSample) -> Bool {
        recent.append(sample)
        let cut = recent.firstIndex { sample.t - $0.t <= test.windowDuration } ?? 0
        if cut > 0 {
            recent.removeFirst(cut)
            filled = true
        }
        guard filled, recent.count >= 5 else { return false }
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
