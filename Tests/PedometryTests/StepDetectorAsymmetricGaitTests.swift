import MotionMath
import MotionSimulation
import Pedometry
import Testing

/// Walks whose stride outweighs their steps: one leg's impact much stronger than the other's
/// (`SyntheticGait.strongerLeg`), or a back pocket's thigh swing at the stride frequency (`strideSway`). A detector
/// that follows the stride counts every other step; each walk must be counted within ±2 % of its true steps.
@Suite struct StepDetectorAsymmetricGaitTests {
    static func error(_ gait: SyntheticGait) -> (error: Double, counted: Int) {
        let result = StepDetectorWalkingTests.run(gait)
        return (Double(result.steps.count - result.truth.count) / Double(result.truth.count), result.steps.count)
    }

    /// 200 steps with one leg's impact 2 to 8 times the other's, in a hand and in a trouser pocket, at slow, normal
    /// and fast cadences; two seeds each.
    @Test(arguments: [2.0, 4.0, 8.0], [false, true])
    func countsEveryStepOfALimpingWalk(strongerLeg: Double, pocket: Bool) {
        for cadence in [1.4, 1.8, 2.2] {
            for seed: UInt64 in 0..<2 {
                let gait = SyntheticGait(
                    rate: 50, cadence: cadence, steps: 200, pocket: pocket, strongerLeg: strongerLeg, seed: seed)
                let (error, counted) = Self.error(gait)
                #expect(abs(error) <= 0.02, "cadence \(cadence), seed \(seed): \(counted) of 200 steps")
            }
        }
    }

    /// 200 steps in a back pocket whose thigh swing (4–5 m/s² at the stride frequency) outweighs the steps' bounce
    /// (2.5 m/s²), with both legs alike and with one landing 4 times as hard: the period signal's autocorrelation
    /// then peaks at two strides with the stride's half lag negative, and only the impacts tell the steps apart.
    @Test(arguments: [4.0, 5.0], [1.0, 4.0])
    func countsEveryStepWhenTheStrideSwingDominates(strideSway: Double, strongerLeg: Double) {
        for cadence in [1.4, 1.8, 2.2] {
            for seed: UInt64 in 0..<2 {
                let gait = SyntheticGait(
                    rate: 50, cadence: cadence, steps: 200, pocket: true, strongerLeg: strongerLeg,
                    strideSway: strideSway, seed: seed)
                let (error, counted) = Self.error(gait)
                #expect(abs(error) <= 0.02, "cadence \(cadence), seed \(seed): \(counted) of 200 steps")
            }
        }
    }
}
