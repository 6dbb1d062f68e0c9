import Foundation
import MotionMath
import MotionSimulation
import Testing
@testable import VirtualSensorHub

@Suite("Named trajectories and the sensor error model")
struct TrajectoryTests {
    @Test("rest is flat: specific force (0, 0, +g), no rotation")
    func rest() {
        let truth = HubTrajectory.rest.make().truth(at: 3)
        #expect(truth.specificForce == Vector3(0, 0, ScriptedTrajectory.standardGravity))
        #expect(truth.angularVelocity == .zero)
    }

    @Test("tilt: 25° about x then −15° about y puts g·sin 25° on y and g·cos 25°·sin 15° on x (tolerance 1e-9 m/s²)")
    func tilt() {
        let f = HubTrajectory.tilt.make().truth(at: 0).specificForce
        let g = ScriptedTrajectory.standardGravity
        #expect(abs(f.y - g * sin(25 * Double.pi / 180)) < 1e-9)
        #expect(abs(f.x - g * cos(25 * Double.pi / 180) * sin(15 * Double.pi / 180)) < 1e-9)
    }

    @Test("rotate turns at 30 °/s about z; sway peaks at 20°·2π·0.25 Hz about x (tolerance 1e-9 rad/s)")
    func rates() {
        #expect(abs(HubTrajectory.rotate.make().truth(at: 1.7).angularVelocity.z - 30 * Double.pi / 180) < 1e-9)
        let peak = HubTrajectory.swayAmplitude * 2 * Double.pi * HubTrajectory.swayFrequency
        let sway = HubTrajectory.sway.make()
        #expect(abs(sway.truth(at: 0).angularVelocity.x - peak) < 1e-9)
        #expect(abs(sway.truth(at: 1).angularVelocity.x) < 1e-9)  // a quarter period: the turning point
    }

    @Test("rest-then-sway is still and flat until swayDelay, then rocks like sway (tolerance 1e-9)")
    func restThenSway() {
        let motion = HubTrajectory.restThenSway.make()
        for t in stride(from: 0.0, through: HubTrajectory.swayDelay, by: 0.5) {
            let truth = motion.truth(at: t)
            #expect(truth.angularVelocity.norm < 1e-9)
            #expect(truth.attitude.angle(to: .identity) < 1e-9)
        }
        let delay = HubTrajectory.swayDelay
        let later = motion.truth(at: delay + 3), sway = HubTrajectory.sway.make().truth(at: delay + 3)
        #expect((later.angularVelocity - sway.angularVelocity).norm < 1e-9)
        #expect(later.attitude.angle(to: sway.attitude) < 1e-9)
    }

    @Test("every named trajectory keeps |specific force − user acceleration| = g (tolerance 1e-9)",
          arguments: HubTrajectory.allCases)
    func gravity(trajectory: HubTrajectory) {
        let motion = trajectory.make()
        for t in stride(from: 0.0, through: 60, by: 1.37) {
            let truth = motion.truth(at: t)
            #expect(abs((truth.specificForce - truth.userAcceleration).norm - ScriptedTrajectory.standardGravity) < 1e-9)
        }
    }

    @Test("noise averages out to truth + bias + offset; the same seed repeats")
    func errorModel() {
        var settings = SensorErrorModel.Settings()
        settings.gyroBias = Vector3(0.02, -0.015, 0.01)
        settings.accelOffset = Vector3(0.1, 0, -0.2)
        settings.seed = 7
        var model = SensorErrorModel(settings: settings)
        let truth = HubTrajectory.tilt.make().truth(at: 0)
        var accel = Vector3.zero, anglvel = Vector3.zero
        let count = 20_000
        for _ in 0..<count {
            let r = model.read(truth)
            accel += r.accel
            anglvel += r.anglvel
        }
        let expected = model.expected(truth)
        // 5 standard errors: 5 · 0.02 / √20000 ≈ 0.0007 m/s², 5 · 0.002 / √20000 ≈ 0.00007 rad/s.
        #expect((accel / Double(count) - expected.accel).maxMagnitude < 0.0008)
        #expect((anglvel / Double(count) - expected.anglvel).maxMagnitude < 0.00008)
        #expect(expected.anglvel == truth.angularVelocity + settings.gyroBias)

        var a = SensorErrorModel(settings: settings), b = SensorErrorModel(settings: settings)
        #expect(a.read(truth) == b.read(truth))
    }

    @Test("vectors parse from x,y,z and reject anything else")
    func vectorParsing() {
        #expect(Vector3(parsing: "0.02,-0.015, 0.01") == Vector3(0.02, -0.015, 0.01))
        #expect(Vector3(parsing: "1,2") == nil)
        #expect(Vector3(parsing: "1,2,x") == nil)
    }
}
