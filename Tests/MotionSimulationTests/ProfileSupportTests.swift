import MotionMath
import Testing

@testable import MotionSimulation

/// `Profile.support`: outside it a profile is exactly zero, products and sums skip what vanishes, and a trajectory
/// that skips its vanishing layers gives the same truth as one that evaluates them all.
@Suite struct ProfileSupportTests {
    /// A profile that is never a number: evaluating it where it should have been skipped shows up as NaN.
    static let poison = Profile { _ in Profile.Value(value: .nan, rate: .nan, acceleration: .nan) }

    @Test func aWindowVanishesOutsideItsSupportAndNotInside() {
        let window = Profile.window(start: 2, end: 5, rampTime: 1)
        #expect(window.support == 2...5)
        for t in [-1.0, 0, 1.999, 5, 5.001, 100] {
            #expect(window(t) == Profile.zero, "t = \(t)")
        }
        #expect(window(3).value == 1)
        #expect(window(2.5).value > 0 && window(4.5).value > 0)
    }

    @Test func aProductDoesNotEvaluateItsOtherFactorOutsideTheSupport() {
        let product = Profile.window(start: 2, end: 5, rampTime: 1) * Self.poison
        #expect(product.support == 2...5)
        #expect(product(1) == Profile.zero)
        #expect(product(6) == Profile.zero)
        #expect(product(3).value.isNaN, "inside the support both factors are evaluated")
        let disjoint = Profile.window(start: 0, end: 1, rampTime: 0.5) * Profile.window(start: 2, end: 3, rampTime: 0.5)
        #expect(disjoint.support.map { $0.lowerBound == $0.upperBound } == true)
        #expect(disjoint(0.5) == Profile.zero && disjoint(2.5) == Profile.zero)
    }

    @Test func aSumSkipsAVanishingTermAndHasASupportOnlyWhenBothDo() {
        let bumps = Profile.bumps(at: [10, 11], width: 0.1) { _ in 1 }
        #expect(bumps.support == 9.4...11.6)
        let sum = bumps + Profile.window(start: 20, end: 21, rampTime: 0.5) * Self.poison
        #expect(sum.support == 9.4...21)
        #expect(sum(10).value == 1, "the windowed term vanishes at 10 s and is not evaluated")
        #expect((bumps + .constant(2)).support == nil)
        #expect((bumps + .constant(2))(0).value == 2)
    }

    @Test func theDemoGivesTheSameTruthAsWithEveryLayerEvaluated() {
        let demo = ScriptedTrajectory.demo
        // The same script whose layers have no support: every layer is turned by at every instant.
        let everyLayer = ScriptedTrajectory(
            keyframes: demo.keyframes,
            layers: demo.layers.map { layer in .init(axis: layer.axis, angle: Profile { layer.angle($0) }) },
            position: demo.position, gravity: demo.gravity, magneticField: demo.magneticField, period: demo.period,
            stepTimes: demo.stepTimes)
        #expect(demo.layers.contains { $0.angle.support != nil }, "the demo's wobbles are windowed")
        // 100 Hz over one repetition, and both sides of every window's edges.
        var times = (0..<8000).map { Double($0) / 100 }
        times += [6, 30, 62, 74].flatMap { [$0 - 1e-9, $0, $0 + 1e-9] }
        for t in times {
            #expect(demo.truth(at: t) == everyLayer.truth(at: t), "t = \(t)")
        }
    }
}
