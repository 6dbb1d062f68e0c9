import MotionMath
import MotionSimulation
import Pedometry
import Testing

/// The demo scene's walks and runs through `updateWithTentativeSteps`: the first step of every bout (after 2 s
/// without steps) is reported within 1 s of its true time, although each bout is recognised seconds later.
@Suite struct StepDetectorSimulatedIMUTentativeTests {
    @Test(arguments: [(50.0, UInt64(1)), (100, 2)])
    func reportsTheFirstStepOfEveryBoutWithinOneSecond(rate: Double, seed: UInt64) throws {
        var settings = SimulatedIMU.Settings()
        settings.sampleRate = rate
        var imu = SimulatedIMU(trajectory: ScriptedTrajectory.demo, settings: settings, seed: seed)
        var detector = StepDetector()
        var reports: [(step: Step, at: Double, counted: Bool)] = []
        for _ in 0..<Int(160 * rate) {
            let sample = imu.next().sample
            detector.updateWithTentativeSteps(time: sample.t, acceleration: sample.accelerometer) { event in
                switch event {
                case .counted(let step): reports.append((step, sample.t, true))
                case .tentative(let step): reports.append((step, sample.t, false))
                case .withdrawn: break
                }
            }
        }
        let truth = ScriptedTrajectory.demo.steps(from: 0, to: 160)
        let starts = truth.indices.filter { $0 == 0 || truth[$0] - truth[$0 - 1] > 2 }.map { truth[$0] }
        try #require(starts.count >= 2, "the demo scene has \(starts.count) bouts")
        for start in starts {
            let first = reports.first { abs($0.step.t - start) < 0.15 }
            let at = try #require(first?.at, "the bout's first step at \(start) s is never reported")
            #expect(at - start <= 1, "the bout's first step at \(start) s reported at \(at) s")
            let counted = try #require(reports.first { $0.counted && $0.at > start }?.at)
            #expect(counted - start > 1, "the bout at \(start) s counted from \(counted) s: tentative steps not needed")
        }
    }
}
