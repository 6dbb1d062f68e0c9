import MotionMath

/// A deterministic motion of a device through time, with exact ground truth.
///
/// Implementations must be physically consistent: `angularVelocity` is the body rate of `attitude`, and
/// `specificForce` is R^T (p̈ + g·ẑ) for the trajectory's position p. The built-in ones are `ScriptedTrajectory`
/// values (`.rest(attitude:)`, `.tiltSequence()`, `.constantRotation(axis:rate:)`, `.demo`).
public protocol Trajectory: Sendable {
    /// The exact motion at time `t` (seconds; any real `t`, also before 0 and after the scripted part).
    func truth(at t: Double) -> MotionTruth
}
