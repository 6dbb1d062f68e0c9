import MotionMath
import Testing

@testable import MotionSimulation

@Suite struct SyntheticGaitTests {
    /// The largest |a| − g within 0.1 s of each true step time, for even and odd steps (the first and last left out:
    /// they are tapered).
    static func peaks(_ gait: SyntheticGait) -> (even: [Double], odd: [Double]) {
        let (samples, steps) = gait.generate()
        var even: [Double] = []
        var odd: [Double] = []
        for i in 1..<(steps.count - 1) {
            let near = samples.filter { abs($0.t - steps[i]) <= 0.1 }.map { $0.acceleration.norm - 9.80665 }
            let peak = near.max() ?? 0
            if i % 2 == 0 { even.append(peak) } else { odd.append(peak) }
        }
        return (even, odd)
    }

    /// `strongerLeg` strengthens every second step's peak, and leaves the step times and the other steps as they
    /// were: the true steps of a limping walk are those of an even one.
    @Test func strongerLegStrengthensEverySecondStepOnly() {
        let even = SyntheticGait(steps: 40, seed: 3)
        var limp = even
        limp.strongerLeg = 5
        #expect(limp.generate().stepTimes == even.generate().stepTimes)
        let alike = Self.peaks(even)
        let limping = Self.peaks(limp)
        let median = { (v: [Double]) in v.sorted()[v.count / 2] }
        #expect(abs(median(limping.odd) / median(alike.odd) - 1) < 0.05)
        #expect(abs(median(alike.odd) / median(alike.even) - 1) < 0.1)
        // Peaks of impact + bounce: 3 + 2.5 m/s² against 15 + 2.5.
        let ratio = median(limping.even) / median(limping.odd)
        #expect(ratio > 2.5 && ratio < 4, "even/odd peak \(ratio)")
    }
}
