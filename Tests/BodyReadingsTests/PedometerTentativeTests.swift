import MotionSimulation
import Pedometry
import Testing

@testable import BodyReadings

/// `Pedometer.startUpdates(includingTentativeSteps: true)` on the simulated IMU's demo walk (true step times known,
/// seed 4 as in `PedometerTests`): the live count (`PedometerData.liveSteps`) shows the walk's first step within
/// 1 s of its true time, seconds before it is counted, and the counted updates are those of a default run.
@Suite("Pedometer tentative steps")
struct PedometerTentativeTests {
    /// The updates of a run on the simulated IMU until a delivery's `endDate` reaches `until` s.
    static func run(includingTentativeSteps: Bool, until: Double) throws -> [PedometerData] {
        var spy: SpySource?
        let pedometer = Pedometer(manager: PedometerTests.simulated(&spy))
        let collector = UntilCollector<PedometerData>()
        try pedometer.startUpdates(includingTentativeSteps: includingTentativeSteps) { data, _ in
            if let data { collector.add(data, time: data.endDate, until: until) }
        }
        #expect(collector.wait())
        pedometer.stopUpdates()
        return collector.collected
    }

    @Test("the live count shows the first step within 1 s; the walk's counted steps come > 1 s late")
    func firstStepWithinOneSecond() throws {
        let live = try Self.run(includingTentativeSteps: true, until: 40)
        let truth = ScriptedTrajectory.demo.steps(from: 0, to: 40)
        let first = try #require(truth.first)
        // Before a counted step, endDate is the time of the reading that caused the update.
        let shown = try #require(live.first { $0.liveSteps >= 1 })
        #expect(shown.numberOfSteps == 0 && shown.tentativeSteps == 1, "\(shown)")
        // The walk's first push-off can show a step a little before the first true (impact) time; not in the still.
        #expect(shown.endDate > first - 0.5, "a step shown at \(shown.endDate) s, the first at \(first) s")
        #expect(shown.endDate - first <= 1, "the first step at \(first) s shown at \(shown.endDate) s")
        let before = live.prefix { $0.numberOfSteps == 0 }
        // The walk is recognised: its tentative steps are withdrawn, its counted steps follow from the same reading.
        let recognised = try #require(before.last)
        #expect(recognised.tentativeSteps == 0)
        #expect(recognised.endDate - first > 1, "counted from \(recognised.endDate) s: tentative steps not needed")
        // Until then the live count is never behind the true steps of 1 s earlier, nor far ahead of them.
        for data in before.dropLast() {
            let due = truth.filter { $0 <= data.endDate - 1 }.count
            let happened = truth.filter { $0 <= data.endDate }.count
            #expect(data.liveSteps >= due && data.liveSteps <= happened + 2, "\(data.liveSteps) at \(data.endDate) s")
        }
        #expect(before.count < live.count, "the walk was counted within 40 s")
    }

    @Test("the counted updates with tentative steps are exactly those of a default run")
    func countedUnchanged() throws {
        let live = try Self.run(includingTentativeSteps: true, until: 60)
        let plain = try Self.run(includingTentativeSteps: false, until: 60)
        #expect(plain.map(\.numberOfSteps) == Array(1...plain.count))
        var counted: [PedometerData] = []
        for (previous, data) in zip([nil] + live.map(Optional.some), live)
        where data.numberOfSteps != (previous?.numberOfSteps ?? 0) {
            counted.append(data)
        }
        // How many come after `until` is reached depends on the threads (about 45–50 counted by 60 s).
        #expect(counted.count > 30 && counted.count < live.count, "\(counted.count) counted of \(live.count)")
        let common = min(counted.count, plain.count)
        #expect(Array(counted.prefix(common)) == Array(plain.prefix(common)))
        #expect(live.contains { $0.tentativeSteps > 0 })
    }
}
