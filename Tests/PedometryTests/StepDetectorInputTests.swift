import MotionMath
import MotionSimulation
import Pedometry
import Testing

/// Input handling, settings and the derived readings (distance, pace).
@Suite struct StepDetectorInputTests {
    /// Non-finite samples and samples whose time goes back are dropped without disturbing the count.
    @Test func dropsBadSamples() {
        let (samples, truth) = SyntheticGait(seed: 4).generate()
        var detector = StepDetector()
        for (i, (t, a)) in samples.enumerated() {
            detector.update(time: t, acceleration: a) { _ in }
            if i % 97 == 0 {
                detector.update(time: .nan, acceleration: a) { _ in }
                detector.update(time: t, acceleration: Vector3(.nan, 0, 9.8)) { _ in }
                detector.update(time: t - 5, acceleration: Vector3(100, 100, 100)) { _ in }
            }
        }
        #expect(abs(detector.state.steps - truth.count) <= 1)
    }

    /// One sample no accelerometer gives (a component of 1e308, or 1e6 m/s²) in the middle of a walk is skipped and
    /// counted; the walk's count is that of the clean walk, not the count up to the bad sample.
    @Test(arguments: [1e308, -1e6])
    func skipsAndCountsImplausibleSamples(value: Double) {
        let (samples, truth) = SyntheticGait(seed: 7).generate()
        var detector = StepDetector()
        let middle = samples.count / 2
        for (i, (t, a)) in samples.enumerated() {
            detector.update(time: t, acceleration: i == middle ? Vector3(value, a.y, a.z) : a) { _ in }
        }
        #expect(detector.state.rejectedSamples == 1)
        #expect(abs(detector.state.steps - truth.count) <= 1, "\(detector.state.steps) of \(truth.count)")
    }

    /// A time far beyond the walk (1e20 s, 1e300 s: a corrupt timestamp) is a gap like any other: the count stands and
    /// the detector goes on from there, without a bin index that no integer holds.
    @Test func aTimeFarAheadIsAGap() {
        let (samples, _) = SyntheticGait(seed: 8).generate()
        var detector = StepDetector()
        for (t, a) in samples { detector.update(time: t, acceleration: a) { _ in } }
        let counted = detector.state.steps
        for t in [1e20, 1e300] { detector.update(time: t, acceleration: Vector3(0, 0, 9.8)) { _ in } }
        #expect(detector.state.steps == counted && counted > 90)
        var later = StepDetector()
        for (t, a) in samples { later.update(time: t + 1e20, acceleration: a) { _ in } }
        #expect(later.state.steps == 0, "1e20 + a walk's seconds are one instant in a double")
    }

    /// The same walk gives the same count whatever the clock's origin (timestamps of a monotonic clock since boot).
    @Test func ignoresTheTimeOrigin() {
        let (samples, _) = SyntheticGait(seed: 5).generate()
        var a = StepDetector()
        var b = StepDetector()
        for (t, x) in samples {
            a.update(time: t, acceleration: x) { _ in }
            b.update(time: t + 86_400.25, acceleration: x) { _ in }
        }
        #expect(a.state.steps == b.state.steps)
    }

    /// `reset()` forgets the count; the array form of `update` returns what the closure form reports.
    @Test func resetsAndReturnsSteps() {
        var detector = StepDetector()
        var returned = 0
        for (t, a) in SyntheticGait(seed: 6).generate().samples {
            returned += detector.update(time: t, acceleration: a).count
        }
        #expect(returned == detector.state.steps && returned > 90)
        detector.reset()
        #expect(detector.state.steps == 0 && detector.state.lastStepTime == nil)
    }

    /// Step length: 0.414 × height by default (0.7038 m at 1.70 m), or the setting; distance = steps × step length,
    /// pace = 1 / (cadence × step length).
    @Test func derivesDistanceAndPace() throws {
        var settings = StepDetector.Settings()
        #expect(abs(StepDetector(settings: settings).coefficients.stepLength - 0.7038) < 1e-12)
        settings.height = 1.85
        #expect(abs(StepDetector(settings: settings).coefficients.stepLength - 0.414 * 1.85) < 1e-12)
        settings.stepLength = 0.8
        var detector = StepDetector(settings: settings)
        #expect(detector.coefficients.stepLength == 0.8)
        let (samples, _) = SyntheticGait(cadence: 2.0, tail: 0.2).generate()
        for (t, a) in samples { detector.update(time: t, acceleration: a) { _ in } }
        #expect(detector.distance == Double(detector.state.steps) * 0.8)
        let pace = try #require(detector.pace)
        #expect(abs(pace - 1 / (detector.cadence / 60 * 0.8)) < 1e-9)
        #expect(abs(pace - 0.625) < 0.02)
    }

    /// The memory is fixed at `init`: the autocorrelation lags follow the slowest cadence (two strides of it).
    @Test func sizesItsMemoryFromTheCadenceRange() {
        let c = StepDetector().coefficients
        #expect(c.longestLag == 100 && c.shortestLag == 12 && c.lagCount == 103)
        #expect(c.historyLength == 554)
    }
}
