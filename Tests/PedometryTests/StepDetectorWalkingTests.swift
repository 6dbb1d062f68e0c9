import MotionMath
import MotionSimulation
import Pedometry
import Testing

/// Simulated walks and runs with known steps (`SyntheticGait`): the count, the timing, cadence and activity.
@Suite struct StepDetectorWalkingTests {
    /// Runs `gait` through a default detector; returns the steps and, per step, when it was reported (the time of the
    /// sample that revealed it).
    static func run(_ gait: SyntheticGait) -> (steps: [Step], reportedAt: [Double], truth: [Double]) {
        let (samples, truth) = gait.generate()
        var detector = StepDetector()
        var steps: [Step] = []
        var reportedAt: [Double] = []
        for (t, a) in samples {
            detector.update(time: t, acceleration: a) { step in
                steps.append(step)
                reportedAt.append(t)
            }
        }
        return (steps, reportedAt, truth)
    }

    /// Every step counted exactly (±1 of 100) at rates from 20 to 200 Hz with jittering timestamps, in a hand and
    /// in a trouser pocket (one strong impact per stride), slow, normal and fast walking, and running.
    @Test(arguments: [
        (20.0, 1.8, false, false), (25, 1.8, false, false), (50, 1.2, false, false), (100, 1.8, false, false),
        (200, 1.8, false, false), (100, 2.2, false, false), (20, 1.8, true, false), (100, 1.8, true, false),
        (100, 2.8, false, true), (50, 3.2, false, true),
    ])
    func countsEveryStep(rate: Double, cadence: Double, pocket: Bool, running: Bool) {
        for seed: UInt64 in 0..<3 {
            let gait = SyntheticGait(rate: rate, cadence: cadence, pocket: pocket, running: running, seed: seed)
            let result = Self.run(gait)
            #expect(abs(result.steps.count - result.truth.count) <= 1, "seed \(seed): \(result.steps.count) steps")
        }
    }

    /// A slow walk (0.9 steps/s, 60 steps) is counted within 2 steps.
    @Test func countsASlowWalk() {
        let result = Self.run(SyntheticGait(rate: 50, cadence: 0.9, steps: 60))
        #expect(abs(result.steps.count - 60) <= 2, "\(result.steps.count) steps")
    }

    /// A walk that speeds up without a pause (8 steps at 1.4 steps/s, then 92 at 1.8) is counted within a step:
    /// the step period follows the new cadence (a change of 22 %, inside `Coefficients.octaveTolerance`) and no step
    /// is lost or doubled at the change.
    @Test func countsAWalkThatSpeedsUp() {
        for seed: UInt64 in 0..<3 {
            let start = SyntheticGait(cadence: 1.4, steps: 8, tail: 1 / 1.4, seed: seed).generate()
            let walk = SyntheticGait(cadence: 1.8, steps: 92, lead: 0, seed: seed + 10).generate()
            let offset = (start.samples.last?.t ?? 0) + 0.01
            var detector = StepDetector()
            for (t, a) in start.samples { detector.update(time: t, acceleration: a) { _ in } }
            for (t, a) in walk.samples { detector.update(time: t + offset, acceleration: a) { _ in } }
            #expect(abs(detector.state.steps - 100) <= 1, "seed \(seed): \(detector.state.steps) steps")
        }
    }

    /// A 0.3 s dropout is bridged (its bins are interpolated, nothing lost); a 2 s gap restarts the detector, which
    /// loses about the steps of the gap and keeps the count.
    @Test func bridgesShortGapsAndRestartsAfterLongOnes() {
        let short = Self.run(SyntheticGait(gap: 30...30.3))
        #expect(abs(short.steps.count - 100) <= 1)
        let long = Self.run(SyntheticGait(gap: 30...32))
        #expect((93...97).contains(long.steps.count), "\(long.steps.count) steps")
        #expect(long.steps.map(\.count) == Array(1...long.steps.count))
    }

    /// Each step is stamped within 0.15 s of its heel strike, and once walking is recognised it is reported at most
    /// 1 s after it happened (0.5 s at 1.8 steps/s); the first steps come together when walking is recognised.
    @Test func stampsStepsAtTheirTimeWithBoundedLatency() throws {
        for cadence in [1.0, 1.8, 2.8] {
            let result = Self.run(SyntheticGait(cadence: cadence, running: cadence > 2.5))
            try #require(abs(result.steps.count - result.truth.count) <= 1)
            for truth in result.truth {
                let nearest = result.steps.map { abs($0.t - truth) }.min() ?? .infinity
                #expect(nearest < 0.15, "the step at \(truth) is stamped \(nearest) s off")
            }
            let lockIn = try #require(result.reportedAt.first)
            let latencies = zip(result.steps, result.reportedAt).filter { $0.1 > lockIn }.map { $0.1 - $0.0.t }
            #expect(latencies.max() ?? 0 <= (cadence < 1.5 ? 1.0 : 0.5), "cadence \(cadence)")
            #expect(lockIn - result.truth[0] < 6, "walking recognised \(lockIn - result.truth[0]) s after the start")
        }
    }

    /// Cadence (steps/min) and activity follow the gait; after the walk the detector is still again.
    @Test func reportsCadenceAndActivity() throws {
        let walk = Self.run(SyntheticGait(cadence: 1.8))
        let walkStep = try #require(walk.steps.last)
        #expect(abs(walkStep.cadence - 108) < 4)
        #expect(walkStep.activity == .walking)
        let run = Self.run(SyntheticGait(cadence: 2.8, running: true))
        let runStep = try #require(run.steps.last)
        #expect(abs(runStep.cadence - 168) < 6)
        #expect(runStep.activity == .running)

        var detector = StepDetector()
        for (t, a) in SyntheticGait(tail: 10).generate().samples { detector.update(time: t, acceleration: a) { _ in } }
        #expect(detector.state.activity == .still)
        #expect(detector.cadence == 0)
        #expect(detector.pace == nil)
    }
}
