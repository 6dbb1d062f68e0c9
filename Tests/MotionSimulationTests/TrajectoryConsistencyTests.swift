import MotionMath
import Testing

@testable import MotionSimulation

/// Finite-difference checks that every built-in trajectory is physically consistent.
@Suite struct TrajectoryConsistencyTests {
    static let trajectories: [(String, ScriptedTrajectory)] = [
        ("demo", .demo),
        ("tiltSequence", .tiltSequence()),
        ("constantRotation", .constantRotation(axis: Vector3(1, 2, -0.5), rate: 2.5,
                                               initial: Quaternion(axis: Vector3(0, 1, 0), angle: 0.7))),
        ("rest", .rest(attitude: Quaternion(axis: Vector3(1, 0, 0), angle: .pi))),
    ]

    /// Times spread over the whole demo period, including keyframe boundaries' neighbourhoods and the wrap.
    static let times: [Double] = stride(from: 0.013, through: 165.0, by: 0.371).map { $0 }

    @Test(arguments: trajectories.map(\.0))
    func angularVelocityIsTheAttitudeDerivative(name: String) {
        let trajectory = Self.trajectories.first { $0.0 == name }!.1
        let h = 1e-5
        var worst = 0.0
        for t in Self.times {
            let before = trajectory.truth(at: t - h).attitude
            let after = trajectory.truth(at: t + h).attitude
            // Body-frame rate at t: rotation vector of q(t−h)⁻¹ q(t+h) over 2h (error O(h²)).
            var delta = before.conjugate * after
            if delta.w < 0 { delta = -delta }
            let numeric = delta.rotationVector / (2 * h)
            let exact = trajectory.truth(at: t).angularVelocity
            worst = max(worst, (numeric - exact).norm / (1 + exact.norm))
        }
        // Tolerance: 1e-6 rad/s relative; truncation error is ~h²·|ω″| ≈ 1e-9, rounding ~1e-11.
        #expect(worst < 1e-6, "\(name): worst relative rate error \(worst)")
    }

    @Test(arguments: trajectories.map(\.0))
    func specificForceIsPositionSecondDerivativePlusGravity(name: String) {
        let trajectory = Self.trajectories.first { $0.0 == name }!.1
        // A small step: the heel strikes' 40 ms impacts have a fourth derivative of about 4e4 m/s⁴.
        let h = 1e-4
        var worstForce = 0.0
        var worstVelocity = 0.0
        for t in Self.times {
            let before = trajectory.truth(at: t - h)
            let now = trajectory.truth(at: t)
            let after = trajectory.truth(at: t + h)
            let acceleration = (after.position - 2 * now.position + before.position) / (h * h)
            let velocity = (after.position - before.position) / (2 * h)
            let expected = now.attitude.inverseRotate(acceleration + Vector3(0, 0, 9.81))
            worstForce = max(worstForce, (expected - now.specificForce).norm)
            worstVelocity = max(worstVelocity, (velocity - now.velocity).norm)
        }
        // Tolerance 1e-3 m/s²: truncation h²/12·|p⁗| ≤ 4e-5 for the running impacts, rounding ≈ 2ε·0.3 m/h² ≈ 1e-8,
        // plus the attitude change over ±h (second order, ~1e-8).
        #expect(worstForce < 1e-3, "\(name): worst specific-force error \(worstForce) m/s²")
        #expect(worstVelocity < 1e-4, "\(name): worst velocity error \(worstVelocity) m/s")
    }

    @Test(arguments: trajectories.map(\.0))
    func invariantsHold(name: String) {
        let trajectory = Self.trajectories.first { $0.0 == name }!.1
        for t in Self.times {
            let truth = trajectory.truth(at: t)
            #expect(abs(truth.attitude.norm - 1) < 1e-12)
            #expect(abs(truth.gravity.norm - 9.81) < 1e-9)
            #expect((truth.specificForce - truth.gravity - truth.userAcceleration).norm < 1e-9)
            #expect(abs(truth.magneticField.norm - ScriptedTrajectory.earthMagneticField.norm) < 1e-9)
            #expect((truth.attitude.rotate(truth.gravity) - Vector3(0, 0, 9.81)).norm < 1e-9)
            #expect(truth.t == t)
        }
    }

    @Test func demoRepeatsSmoothly() {
        let demo = ScriptedTrajectory.demo
        let before = demo.truth(at: 80 - 1e-6)
        let after = demo.truth(at: 80 + 1e-6)
        // Tolerance: the demo ends at rest in the state it starts in.
        #expect(before.attitude.angle(to: after.attitude) < 1e-9)
        #expect((before.specificForce - after.specificForce).norm < 1e-6)
        #expect(after.angularVelocity.norm < 1e-6)
        #expect((demo.truth(at: 17.3).specificForce - demo.truth(at: 97.3).specificForce).norm < 1e-9)
    }

    @Test func demoHasRestWalkingAndFastRotation() {
        let demo = ScriptedTrajectory.demo
        // Rest: exactly flat and still.
        let rest = demo.truth(at: 2)
        #expect((rest.specificForce - Vector3(0, 0, 9.81)).norm < 1e-12)
        #expect(rest.angularVelocity.norm == 0)
        // Walking: linear accelerations of a few m/s².
        let walking = stride(from: 8.0, to: 28.0, by: 0.01).map { demo.truth(at: $0).userAcceleration.norm }
        #expect(walking.max()! > 1.5 && walking.max()! < 6)
        // Spins: several rad/s.
        let spin = stride(from: 42.0, to: 49.0, by: 0.01).map { demo.truth(at: $0).angularVelocity.norm }
        #expect(spin.max()! > 3)
        // Running: impacts of 2 g and more.
        let running = stride(from: 63.0, to: 73.0, by: 0.002).map { demo.truth(at: $0).userAcceleration.norm }
        #expect(running.max()! > 15 && running.max()! < 25)
    }

    /// The demo's true steps: 44 walking steps between 6.6 and 29.5 s (after the pick-up, before standing), 31 running
    /// steps between 62.5 and 73.7 s, repeated every 80 s; each step is where the body's upward acceleration peaks.
    @Test func demoStepsAreTheWalkAndTheRun() throws {
        let demo = ScriptedTrajectory.demo
        let walk = demo.steps(from: 0, to: 40)
        let run = demo.steps(from: 40, to: 80)
        #expect(walk.count == 44 && run.count == 31)
        #expect(walk.first == 6.6 && walk.last! < 29.5 && run.first == 62.5 && run.last! < 73.7)
        #expect(demo.steps(from: 80, to: 160) == (walk + run).map { $0 + 80 })
        #expect(demo.stepCount(from: 10, to: 170) == 75 * 2 - demo.stepCount(from: 0, to: 10) + demo.stepCount(from: 160, to: 170))
        #expect(demo.steps(from: 5, to: 5).isEmpty)
        for time in [walk[10], run[10]] {
            let up = { (t: Double) in demo.truth(at: t).attitude.rotate(demo.truth(at: t).userAcceleration).z }
            #expect(up(time) > up(time - 0.03) && up(time) > up(time + 0.03), "no peak at \(time)")
        }
        // A trajectory without steps has none.
        #expect(ScriptedTrajectory.tiltSequence().steps(from: 0, to: 100).isEmpty)
    }

    @Test func tiltSequenceHoldsEveryOrientationIncludingUpsideDown() {
        let sequence = ScriptedTrajectory.tiltSequence(hold: 2, transition: 1.5)
        let orientations = ScriptedTrajectory.tiltOrientations
        for (index, attitude) in orientations.enumerated() {
            let truth = sequence.truth(at: Double(index) * 3.5 + 1)
            #expect(truth.attitude.angle(to: attitude) < 1e-12)
            #expect(truth.angularVelocity.norm == 0)
        }
        let screenDown = sequence.truth(at: 5 * 3.5 + 1)
        #expect((screenDown.gravity - Vector3(0, 0, -9.81)).norm < 1e-9)
        let gravityDirections = orientations.map { $0.inverseRotate(Vector3(0, 0, 1)) }
        #expect(gravityDirections.contains { $0.z < -0.99 })
        #expect(gravityDirections.contains { abs($0.z) < 0.01 })
    }
}
