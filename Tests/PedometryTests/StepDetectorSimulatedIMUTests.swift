import MotionMath
import MotionSimulation
import Pedometry
import Testing

/// The simulated IMU's demo scene (`--source sim`): its walk and its run are counted, each step near its true time,
/// and the rest of the scene (pick-ups, tilts, fast spins, lying on a table) adds none.
@Suite struct StepDetectorSimulatedIMUTests {
    @Test(arguments: [(50.0, UInt64(1)), (100, 2), (200, 3)])
    func countsTheDemoScene(rate: Double, seed: UInt64) {
        var settings = SimulatedIMU.Settings()
        settings.sampleRate = rate
        var imu = SimulatedIMU(trajectory: ScriptedTrajectory.demo, settings: settings, seed: seed)
        var detector = StepDetector()
        var steps: [Step] = []
        for _ in 0..<Int(160 * rate) {
            let sample = imu.next().sample
            detector.update(time: sample.t, acceleration: sample.accelerometer) { steps.append($0) }
        }
        let truth = ScriptedTrajectory.demo.steps(from: 0, to: 160)
        #expect(abs(steps.count - truth.count) <= 2, "\(steps.count) steps, truth \(truth.count)")
        // Each counted step within 0.15 s of a true one; walking, then running, by cadence.
        for step in steps {
            let nearest = truth.min { abs($0 - step.t) < abs($1 - step.t) } ?? 0
            #expect(abs(nearest - step.t) < 0.15, "step at \(step.t), nearest truth \(nearest)")
        }
        #expect(steps.filter { $0.t < 40 }.allSatisfy { $0.activity == .walking })
        #expect(steps.filter { $0.t > 64 && $0.t < 80 }.allSatisfy { $0.activity == .running })
    }
}
