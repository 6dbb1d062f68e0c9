import Foundation
import MotionMath
import MotionSimulation
import Testing
@testable import VirtualSensorHub

@Suite("Stream output against the truth")
struct MotionCheckTests {
    /// JSON lines like `bodyreadings stream --format jsonl`, from the truth of `trajectory`, gravity turned by
    /// `tilt` radians about x, every `interval` s from absolute time `start`.
    func lines(
        _ trajectory: HubTrajectory, start: Double, count: Int, interval: Double, tilt: Double = 0,
        summary: String = #"{"summary":{"updates":0,"overruns":0,"missed_samples":0,"dropped_readings":0,"buffer_overflows":0}}"#
    ) -> String {
        let motion = trajectory.make()
        let turn = Quaternion(axis: Vector3(1, 0, 0), angle: tilt)
        var text = ""
        for index in 0..<count {
            let t = Double(index) * interval
            let truth = motion.truth(at: t)
            let g = turn.rotate(truth.gravity), w = truth.angularVelocity
            text += #"{"t":\#(start + t),"attitude":{"w":1,"x":0,"y":0,"z":0},"#
                + #""rotation_rate":{"x":\#(w.x),"y":\#(w.y),"z":\#(w.z)},"#
                + #""gravity":{"x":\#(g.x),"y":\#(g.y),"z":\#(g.z)},"user_acceleration":{"x":0,"y":0,"z":0}}"# + "\n"
        }
        return text + summary + "\n"
    }

    func settings(_ trajectory: HubTrajectory, start: Double) -> MotionCheck.Settings {
        var settings = MotionCheck.Settings()
        settings.trajectory = trajectory
        settings.start = start
        settings.interval = 0.02
        settings.expectedRows = 200
        settings.maximumRotationRateError = 0.05
        return settings
    }

    @Test("the truth itself passes, at rest and swaying, with absolute times")
    func truthPasses() {
        for trajectory in [HubTrajectory.tilt, .sway] {
            let start = 1_790_000_000.5
            let result = MotionCheck(settings: settings(trajectory, start: start))
                .check(lines(trajectory, start: start, count: 200, interval: 0.02))
            #expect(result.failures.isEmpty, "\(trajectory): \(result.failures)")
            #expect(result.rows == 200 && result.judged == 150)
            #expect(result.maximumGravityAngle < 1e-4)  // t near 1.8e9 s prints to ~1 µs
        }
    }

    @Test("gravity 3° off fails the 2° bound")
    func gravityOff() {
        let result = MotionCheck(settings: settings(.tilt, start: 0))
            .check(lines(.tilt, start: 0, count: 200, interval: 0.02, tilt: 3 * Double.pi / 180))
        #expect(result.failures.contains { $0.hasPrefix("gravity direction") })
        // Turning about x moves the tilted gravity by a little less than 3° (it has an x component).
        #expect(result.maximumGravityAngle > 2.9 && result.maximumGravityAngle < 3.0001)
    }

    @Test("monotonic row times use the monotonic start; a 0.3 s clock error fails")
    func monotonic() {
        var aligned = settings(.sway, start: 0)
        aligned.start = nil
        aligned.startMonotonic = 168.25
        let rows = lines(.sway, start: 168.25, count: 200, interval: 0.02)
        let good = MotionCheck(settings: aligned).check(rows)
        #expect(good.failures.isEmpty, "\(good.failures)")
        var misaligned = aligned
        misaligned.startMonotonic = 168.55
        #expect(MotionCheck(settings: misaligned).check(rows).failures.contains { $0.hasPrefix("gravity direction") })
    }

    @Test("wrong spacing, missing rows and reported losses fail")
    func lossAndTiming() {
        let slow = MotionCheck(settings: settings(.tilt, start: 0)).check(lines(.tilt, start: 0, count: 200, interval: 0.03))
        #expect(slow.failures.contains { $0.hasPrefix("mean interval") })
        let few = MotionCheck(settings: settings(.tilt, start: 0)).check(lines(.tilt, start: 0, count: 150, interval: 0.02))
        #expect(few.failures.contains { $0.contains("expected 200") })
        let lossy = MotionCheck(settings: settings(.tilt, start: 0)).check(
            lines(.tilt, start: 0, count: 200, interval: 0.02,
                  summary: #"{"summary":{"updates":200,"overruns":2,"missed_samples":5,"dropped_readings":0,"buffer_overflows":0}}"#))
        #expect(lossy.failures.contains("overruns 2") && lossy.failures.contains("missed_samples 5"))
        var tolerant = settings(.tilt, start: 0)
        tolerant.toleratesLosses = true
        #expect(MotionCheck(settings: tolerant).check(
            lines(.tilt, start: 0, count: 200, interval: 0.02,
                  summary: #"{"summary":{"updates":200,"overruns":2,"missed_samples":5,"dropped_readings":0,"buffer_overflows":0}}"#)
        ).failures.isEmpty)
    }

    @Test("empty or malformed input fails")
    func malformed() {
        #expect(!MotionCheck(settings: MotionCheck.Settings()).check("").failures.isEmpty)
        #expect(MotionCheck(settings: MotionCheck.Settings()).check("t,gravity_x\n").failures.contains { $0.hasPrefix("not a JSON") })
    }
}
