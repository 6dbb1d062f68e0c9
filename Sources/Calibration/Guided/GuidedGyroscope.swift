import MotionMath

/// Gyroscope bias from `stillSeconds` of uninterrupted stillness, starting again when the device moves.
///
/// A sample reaches the estimator only when the half second before it is still (`StillnessWindow`), so that the tail
/// of a movement, too slow to trip the estimator's own checks, never enters the average; the estimator's motion
/// checks restart the period too.
public struct GuidedGyroscope: GuidedProcedure, Sendable {
    /// Seconds of stillness needed (sample time).
    public let stillSeconds: Double
    /// How often movement ended a still period.
    public private(set) var restarts = 0
    public private(set) var isFinished = false
    public private(set) var rejectedSamples = 0
    private var estimator = GyroBiasEstimator(settings: Self.estimatorSettings)
    private var window: StillnessWindow
    /// The time of the first still sample of the current period.
    private var start: Double?

    /// A procedure that needs `stillSeconds` (default 5) of stillness by `stillness` (default: the segmenter's).
    public init(stillSeconds: Double = 5, stillness: StillnessTest = StillnessTest()) {
        self.stillSeconds = stillSeconds
        window = StillnessWindow(test: stillness)
    }

    /// The still time decides when the bias is taken, not a count of samples: a polled sensor may deliver a few
    /// samples a second (`StillnessWindow`), and `stillSeconds` of them are what was asked for. Ten samples are the
    /// fewest that give a noise figure.
    static var estimatorSettings: GyroBiasEstimator.Settings {
        var settings = GyroBiasEstimator.Settings()
        settings.minimumSamples = 10
        return settings
    }

    public var task: GuidedTask { .keepStill(seconds: stillSeconds) }

    public var shortfall: GuidedShortfall { .neverStill(seconds: stillSeconds, restarts: restarts) }

    public mutating func add(_ sample: IMUSample) -> [GuidedEvent] {
        guard !isFinished else { return [] }
        guard SampleBounds.accepts(sample) else {
            rejectedSamples += 1
            return []
        }
        // 1. The window must be still; a moving window after a start is a restart.
        guard window.add(sample) else {
            if start != nil { return [restart(at: sample.t)] }
            return [.progress(fraction: 0, feedback: .moving(nil))]
        }
        // 2. The estimator's own motion checks.
        let first = start ?? sample.t
        start = first
        let status = estimator.add(gyroscope: sample.gyroscope, accelerometer: sample.accelerometer, time: sample.t)
        if case .motion = status { return [restart(at: sample.t)] }
        // 3. Done after the still time.
        let fraction = (sample.t - first) / stillSeconds
        let progress = GuidedEvent.progress(fraction: fraction, feedback: .still(nil))
        guard fraction >= 1, case .ready = status else { return [progress] }
        isFinished = true
        do {
            var result = try estimator.result()
            result.quality?.duration = sample.t - first
            return [progress, .finished(.gyroscope(result, stillSamples: estimator.sampleCount))]
        } catch {
            return [progress, .refused(error)]
        }
    }

    /// Starts the still period again.
    private mutating func restart(at time: Double) -> GuidedEvent {
        restarts += 1
        let held = start.map { time - $0 } ?? 0
        start = nil
        estimator.reset()
        return .restarted(afterStill: held)
    }
}
