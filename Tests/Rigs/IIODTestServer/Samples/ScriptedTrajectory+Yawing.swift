import MotionMath
import MotionSimulation

extension Trajectory where Self == ScriptedTrajectory {
    /// Lying flat, screen up, yawing back and forth about the vertical: ω_z(t) = amplitude · sin(2π·frequency·t)
    /// rad/s, so the heading is ψ(t) = amplitude/(2π·frequency) · (1 − cos 2π·frequency·t). Defaults: 1 rad/s,
    /// 0.25 Hz (the test server's motion before it took MotionSimulation trajectories).
    public static func yawing(amplitude: Double = 1, frequency: Double = 0.25) -> ScriptedTrajectory {
        let swing = amplitude / (2 * Double.pi * frequency)
        let heading = Profile.constant(swing) + Profile.sine(amplitude: swing, frequency: frequency, phase: -Double.pi / 2)
        return ScriptedTrajectory(
            keyframes: [.init(t: 0, attitude: .identity)],
            layers: [.init(axis: Vector3(0, 0, 1), angle: heading)]
        )
    }
}
