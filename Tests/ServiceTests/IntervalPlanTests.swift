import Testing

@testable import Service

/// The sensors run for the shortest interval asked for: faster at once, slower only after the delay, within the
/// sensor's limits.
@Suite struct IntervalPlanTests {
    @Test func followsTheFastestDemandWithinTheSensorsLimits() {
        var plan = IntervalPlan(base: 0.1, shortest: 1.0 / 1600, slowDownDelay: 2)
        #expect(plan.running == 0.1 && plan.decide(now: 0) == nil)
        plan.demand(1, interval: 0.5)
        #expect(plan.decide(now: 0) == nil, "longer than the base interval: no change")
        plan.demand(2, interval: 0.01)
        #expect(plan.decide(now: 1) == 0.01)
        plan.demand(3, interval: 0.0001)
        #expect(plan.decide(now: 1) == 1.0 / 1600, "never shorter than one sample period")
        plan.demand(4, interval: 0)
        #expect(plan.wanted == 1.0 / 1600, "0 (every update) asks for nothing faster")
    }

    @Test func slowsDownOnlyAfterTheDemandStayedSlowerForTheDelay() {
        var plan = IntervalPlan(base: 0.1, shortest: 0, slowDownDelay: 2)
        plan.demand(1, interval: 0.005)
        #expect(plan.decide(now: 10) == 0.005)
        plan.release(1)
        #expect(plan.decide(now: 11) == nil)
        plan.demand(2, interval: 0.005)
        #expect(plan.decide(now: 12) == nil, "faster again: the pending slow-down is forgotten")
        plan.release(2)
        #expect(plan.decide(now: 13) == nil)
        #expect(plan.decide(now: 14.5) == nil)
        #expect(plan.decide(now: 15.1) == 0.1)
        plan.demand(3, interval: 0.008)
        #expect(plan.decide(now: 16) == 0.008)
        plan.demand(3, interval: 0.012)
        #expect(plan.decide(now: 30) == nil, "less than twice as slow: not worth a restart")
    }
}
