import MotionMath
import MotionSimulation
import Pedometry
import Testing

/// Motion without steps must not be counted: at most 2 steps per minute, at 20–200 Hz.
@Suite struct StepDetectorNonWalkingTests {
    @Test(arguments: SyntheticMotion.allCases)
    func countsNoSteps(motion: SyntheticMotion) {
        for rate in [20.0, 50, 100, 200] {
            for seed: UInt64 in 0..<3 {
                var detector = StepDetector()
                for (t, a) in motion.samples(rate: rate, seed: seed) { detector.update(time: t, acceleration: a) { _ in } }
                let perMinute = Double(detector.state.steps) / (motion.duration / 60)
                #expect(perMinute <= 2, "\(motion) at \(rate) Hz, seed \(seed): \(detector.state.steps) steps")
            }
        }
    }

    /// A walk, a car ride and a walk: the ride adds no steps and the walks are counted.
    @Test func aRideBetweenTwoWalksAddsNoSteps() {
        let first = SyntheticGait(steps: 60, tail: 2, seed: 1).generate()
        let ride = SyntheticMotion.vehicle(bounce: 1.3, damping: 0.3, roughness: 2).samples(rate: 100, seed: 1)
        let second = SyntheticGait(steps: 60, lead: 2, seed: 2).generate()
        var detector = StepDetector()
        var offset = 0.0
        for part in [first.samples, ride, second.samples] {
            for (t, a) in part { detector.update(time: t + offset, acceleration: a) { _ in } }
            offset += (part.last?.t ?? 0) + 0.01
        }
        #expect(abs(detector.state.steps - 120) <= 2, "\(detector.state.steps) steps")
    }
}
