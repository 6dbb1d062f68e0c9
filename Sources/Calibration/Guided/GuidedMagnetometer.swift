import MotionMath

/// Magnetometer hard and soft iron from free rotation: samples are collected until the rough coverage of directions
/// reaches `enough` (with at least 300 samples) or `longestSeconds` have passed, then fitted.
public struct GuidedMagnetometer: GuidedProcedure, Sendable {
    /// The rough coverage at which collecting stops early.
    public static let enough = 0.85

    /// The longest collection, s of sample time.
    public let longestSeconds: Double
    public private(set) var isFinished = false
    public private(set) var rejectedSamples = 0
    /// The rough coverage around the running min/max centre, for feedback and to stop early.
    public private(set) var coverage = SphereCoverage()
    private var samples: [Vector3] = []
    private var low = Vector3(repeating: .infinity)
    private var high = Vector3(repeating: -.infinity)
    private var start: Double?

    /// A procedure that collects for at most `longestSeconds`.
    public init(longestSeconds: Double) {
        self.longestSeconds = longestSeconds
    }

    public var task: GuidedTask { .rotate(longestSeconds: longestSeconds) }

    public var shortfall: GuidedShortfall { .coverage(coverage.fraction) }

    public mutating func add(_ sample: IMUSample) -> [GuidedEvent] {
        guard !isFinished, let m = sample.magnetometer else { return [] }
        guard SampleBounds.accepts(sample) else {
            rejectedSamples += 1
            return []
        }
        let first = start ?? sample.t
        start = first
        samples.append(m)
        low = Vector3(pointwiseMin(low.simd, m.simd))
        high = Vector3(pointwiseMax(high.simd, m.simd))
        if samples.count % 50 == 0 {
            // The centre moves while the ranges grow: recount from scratch now and then.
            coverage = SphereCoverage()
            let centre = (low + high) / 2
            for s in samples { coverage.add(s - centre) }
        }
        let progress = GuidedEvent.progress(
            fraction: coverage.fraction / Self.enough, feedback: .rotating(coverage: coverage.fraction))
        let elapsed = sample.t - first
        guard (coverage.fraction >= Self.enough && samples.count >= 300) || elapsed >= longestSeconds else {
            return [progress]
        }
        isFinished = true
        do {
            let calibration = try MagnetometerCalibrator.calibrate(samples)
            return [
                progress,
                .finished(.magnetometer(calibration, samples: samples.count, coverage: coverage.fraction)),
            ]
        } catch {
            return [progress, .refused(error)]
        }
    }
}
