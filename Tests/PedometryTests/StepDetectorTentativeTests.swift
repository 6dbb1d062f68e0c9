import MotionMath
import MotionSimulation
import Pedometry
import Testing

/// Tentative steps (`StepEvent`): before walking is recognised the steps are reported within 1 s, the count itself
/// is what `update(time:acceleration:onStep:)` counts, and motion that is no walk has its tentative steps withdrawn.
@Suite struct StepDetectorTentativeTests {
    /// The events of `samples` through a default detector, each with the time of the sample that revealed it.
    static func events(_ samples: [(t: Double, acceleration: Vector3)]) -> [(event: StepEvent, at: Double)] {
        var detector = StepDetector()
        var events: [(event: StepEvent, at: Double)] = []
        for (t, a) in samples {
            detector.updateWithTentativeSteps(time: t, acceleration: a) { events.append(($0, t)) }
        }
        return events
    }

    /// The shown count (counted + tentative steps pending) after each event.
    static func shown(_ events: [(event: StepEvent, at: Double)]) -> [(count: Int, at: Double)] {
        var counted = 0
        var pending = 0
        return events.map { event, at in
            switch event {
            case .counted: counted += 1
            case .tentative: pending += 1
            case .withdrawn(let k): pending -= k
            }
            return (counted + pending, at)
        }
    }

    /// A walk's first step is reported (tentatively) within 1 s of its true time and stamped within 0.15 s of it,
    /// though walking is recognised seconds later; and at every moment of the walk the shown count holds every true
    /// step older than 1 s (within the ±1 step of the count itself), in a hand and in a trouser pocket, walking
    /// slowly, normally and running, at 25 and 100 Hz.
    @Test(arguments: [
        (25.0, 1.0, false, false), (100, 1.0, false, false), (25, 1.8, false, false), (100, 1.8, false, false),
        (100, 1.8, true, false), (100, 2.8, false, true), (50, 3.2, false, true),
    ])
    func reportsEveryStepWithinOneSecond(rate: Double, cadence: Double, pocket: Bool, running: Bool) throws {
        for seed: UInt64 in 0..<3 {
            let gait = SyntheticGait(rate: rate, cadence: cadence, pocket: pocket, running: running, seed: seed)
            let (samples, truth) = gait.generate()
            let events = Self.events(samples)
            let first = try #require(truth.first)
            let report = events.first { event, _ in
                switch event {
                case .counted(let step), .tentative(let step): abs(step.t - first) < 0.15
                case .withdrawn: false
                }
            }
            let at = try #require(report?.at, "seed \(seed): the first step at \(first) s is never reported")
            #expect(at - first <= 1, "seed \(seed): the first step at \(first) s reported at \(at) s")
            let counted = events.compactMap { if case .counted(let step) = $0.event { step.t } else { nil } }
            let recognised = try #require(events.first { if case .counted = $0.event { true } else { false } }?.at)
            #expect(recognised - first > 1, "walking recognised \(recognised - first) s in: no tentative steps needed")
            #expect(abs(counted.count - truth.count) <= 1, "seed \(seed): \(counted.count) steps")
            let shown = Self.shown(events)
            var index = 0
            for t in stride(from: first, through: truth[truth.count - 1], by: 0.05) {
                while index < shown.count && shown[index].at <= t { index += 1 }
                let showing = index > 0 ? shown[index - 1].count : 0
                let due = truth.filter { $0 <= t - 1 }.count
                #expect(showing >= due - 1, "seed \(seed): at \(t) s \(showing) shown, \(due) steps older than 1 s")
                if showing < due - 1 { break }
            }
        }
    }

    /// The counted steps are those of `update(time:acceleration:onStep:)`, time for time, and when the walk is over no
    /// tentative step is left: the shown count is the count.
    @Test func countsWhatTheStepHandlerCounts() {
        for seed: UInt64 in 0..<3 {
            let (samples, _) = SyntheticGait(cadence: 1.6, pocket: seed == 1, seed: seed).generate()
            var plain = StepDetector()
            var steps: [Step] = []
            for (t, a) in samples { plain.update(time: t, acceleration: a) { steps.append($0) } }
            let events = Self.events(samples)
            let counted = events.compactMap { if case .counted(let step) = $0.event { step } else { nil } }
            #expect(counted == steps)
            #expect(Self.shown(events).last?.count == steps.count)
            #expect(events.contains { if case .tentative = $0.event { true } else { false } })
        }
    }

    /// Motion that is no walk (shaking, typing, a device set down, car rides) counts no steps as before; its
    /// tentative steps — none when still or typed on, a knock when set down, but up to 36 pending while shaken or in
    /// a car (they are withdrawn once older than `Settings.lockInWindow`, 20 s; 30 at 15 s), which only the walk's
    /// recognition seconds later could tell from a walk's first steps — are all withdrawn within
    /// `Coefficients.tentativeQuiet` after the motion ends (6 s of lying still after it). Bound: 40 pending.
    @Test(arguments: SyntheticMotion.allCases)
    func withdrawsTheTentativeStepsOfNonWalkingMotion(motion: SyntheticMotion) {
        for seed: UInt64 in 0..<2 {
            var samples = motion.samples(rate: 100, seed: seed)
            let end = samples.last?.t ?? 0
            let last = samples.last?.acceleration ?? Vector3(0, 0, 1)
            let down = last * (9.80665 / Swift.max(last.norm, 1e-9))
            samples += (1...600).map { (t: end + Double($0) / 100, acceleration: down) }
            var detector = StepDetector()
            var counted = 0
            var most = 0
            for (t, a) in samples {
                detector.updateWithTentativeSteps(time: t, acceleration: a) { if case .counted = $0 { counted += 1 } }
                most = Swift.max(most, detector.state.tentativeSteps)
            }
            #expect(Double(counted) / (motion.duration / 60) <= 2, "\(motion), seed \(seed): \(counted) steps")
            #expect(most <= 40, "\(motion), seed \(seed): \(most) tentative steps pending at once")
            #expect(detector.state.tentativeSteps == 0, "\(motion), seed \(seed): \(detector.state.tentativeSteps) left")
        }
    }
}
