import Foundation
import Testing
@testable import VirtualSensorHub

@Suite("Trajectories and the simulated IMU")
struct TrajectoryTests {
    @Test("at rest, flat: specific force (0, 0, +g), no rotation, the reference field")
    func rest() {
        let truth = Trajectory.rest.truth(at: 3)
        #expect(truth.specificForce == Vector3(0, 0, Trajectory.gravity))
        #expect(truth.angularVelocity == .zero)
        #expect(truth.magneticField == Trajectory.earthField)
    }

    @Test("every trajectory keeps |specific force| = g and |field| constant (tolerance 1e-9)",
          arguments: Trajectory.allCases)
    func norms(trajectory: Trajectory) {
        for t in stride(from: 0.0, through: 10, by: 0.37) {
            let truth = trajectory.truth(at: t)
            let f = truth.specificForce, m = truth.magneticField, e = Trajectory.earthField
            #expect(abs((f.x * f.x + f.y * f.y + f.z * f.z).squareRoot() - Trajectory.gravity) < 1e-9)
            #expect(abs((m.x * m.x + m.y * m.y + m.z * m.z) - (e.x * e.x + e.y * e.y + e.z * e.z)) < 1e-9)
        }
    }

    @Test("tilt: 25° about x then −15° about y puts g·sin 25°·cos 15° on y (tolerance 1e-9 m/s²)")
    func tilt() {
        let f = Trajectory.tilt.truth(at: 0).specificForce
        #expect(abs(f.y - Trajectory.gravity * sin(25 * Double.pi / 180)) < 1e-9)
        #expect(abs(f.x - Trajectory.gravity * cos(25 * Double.pi / 180) * sin(15 * Double.pi / 180)) < 1e-9)
    }

    @Test("angular velocity is the derivative of the attitude (finite difference, tolerance 1e-5 rad/s)",
          arguments: [Trajectory.rotate, .sway])
    func angularVelocity(trajectory: Trajectory) {
        let h = 1e-5
        for t in [0.3, 1.1, 2.9] {
            // ω (device frame) = 2 · vector part of q(t)* ⊗ q(t + h), over h.
            let delta = trajectory.truth(at: t).attitude.inverse * trajectory.truth(at: t + h).attitude
            let estimate = Vector3(2 * delta.x / h, 2 * delta.y / h, 2 * delta.z / h)
            let truth = trajectory.truth(at: t + h / 2).angularVelocity
            #expect(abs(estimate.x - truth.x) < 1e-5 && abs(estimate.y - truth.y) < 1e-5
                && abs(estimate.z - truth.z) < 1e-5)
        }
    }

    @Test("noise averages out to truth + bias + offset; the same seed repeats")
    func simulatedIMU() {
        var settings = SimulatedIMU.Settings()
        settings.gyroBias = Vector3(0.02, -0.015, 0.01)
        settings.accelOffset = Vector3(0.1, 0, -0.2)
        settings.seed = 7
        var imu = SimulatedIMU(settings: settings)
        let truth = Trajectory.tilt.truth(at: 0)
        var sum = SimulatedIMU.Reading(accel: .zero, anglvel: .zero, magn: .zero)
        let count = 20_000
        for _ in 0..<count {
            let r = imu.read(truth)
            sum.accel = sum.accel + r.accel
            sum.anglvel = sum.anglvel + r.anglvel
        }
        let expected = imu.expected(truth)
        let meanAccel = (1 / Double(count)) * sum.accel
        let meanGyro = (1 / Double(count)) * sum.anglvel
        // 5 standard errors: 5 · 0.02 / √20000 ≈ 0.0007 m/s², 5 · 0.002 / √20000 ≈ 0.00007 rad/s.
        for (m, e) in zip(meanAccel.components, expected.accel.components) { #expect(abs(m - e) < 0.0008) }
        for (m, e) in zip(meanGyro.components, expected.anglvel.components) { #expect(abs(m - e) < 0.00008) }

        var a = SimulatedIMU(settings: settings), b = SimulatedIMU(settings: settings)
        #expect(a.read(truth) == b.read(truth))
    }

    @Test("vectors parse from x,y,z and reject anything else")
    func vectorParsing() {
        #expect(Vector3(parsing: "0.02,-0.015, 0.01") == Vector3(0.02, -0.015, 0.01))
        #expect(Vector3(parsing: "1,2") == nil)
        #expect(Vector3(parsing: "1,2,x") == nil)
    }
}
