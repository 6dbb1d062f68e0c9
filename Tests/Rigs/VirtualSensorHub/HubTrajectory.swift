import MotionMath
import MotionSimulation

/// The motions the virtual devices can play, by command-line name, each a MotionSimulation trajectory with exact
/// ground truth (attitude, angular velocity, specific force, magnetic field).
public enum HubTrajectory: String, CaseIterable, Sendable {
    /// Flat, screen up, top towards north, still.
    case rest
    /// Still, tilted: 25° about x, then −15° about y (``tiltAttitude``).
    case tilt
    /// Flat, turning about z at 30 °/s (``rotateRate``).
    case rotate
    /// Rocking about x: 20° amplitude at 0.25 Hz (peak 0.55 rad/s).
    case sway
    /// Flat and still for ``swayDelay`` seconds (time for a filter to learn the gyroscope bias at rest, as when a
    /// device lies on a desk before it is picked up), then ``sway``, faded in over one second.
    case restThenSway = "rest-then-sway"
    /// MotionSimulation's tilt sequence: twelve static orientations, 2 s each, 1.5 s turns (42 s period).
    case tilts
    /// MotionSimulation's 80 s phone-in-hand scene (rest, pick-up, walking, tilts, fast spins, running).
    case demo
    /// Held in the hand tilted 40° towards the user: standing, then one bout of ``walkGait`` (heel strikes, bounce,
    /// sway, surge, with the hand's ±3°/±2° wobble), then standing forever. Its steps are the truth a pedometer must
    /// find (`Trajectory.steps(from:to:)`).
    case walk

    /// The attitude of ``tilt``.
    public static let tiltAttitude =
        Quaternion(axis: Vector3(1, 0, 0), angle: 25 * .pi / 180) * Quaternion(axis: Vector3(0, 1, 0), angle: -15 * .pi / 180)
    /// The turn rate of ``rotate``, rad/s.
    public static let rotateRate = 30 * Double.pi / 180
    /// Amplitude (rad) and frequency (Hz) of ``sway``.
    public static let swayAmplitude = 20 * Double.pi / 180
    public static let swayFrequency = 0.25
    /// How long ``restThenSway`` rests before it rocks, s.
    public static let swayDelay = 12.0
    /// The bout of ``walk``: 40 steps at 1.9 steps/s from 3 s (2 % interval variation, seed 2028), the last near
    /// 23.5 s. The 3 s of standing first are a still start for a step detector.
    public static var walkGait: Gait { Gait(style: .walking, start: 3, count: 40, cadence: 1.9, seed: 2028) }

    /// The trajectory (build once: `demo` and `tilts` assemble keyframes).
    public func make() -> any Trajectory {
        switch self {
        case .rest:
            .rest()
        case .tilt:
            .rest(attitude: Self.tiltAttitude)
        case .rotate:
            .constantRotation(axis: Vector3(0, 0, 1), rate: Self.rotateRate)
        case .sway:
            ScriptedTrajectory(
                keyframes: [.init(t: 0, attitude: .identity)],
                layers: [.init(axis: Vector3(1, 0, 0), angle: .sine(amplitude: Self.swayAmplitude, frequency: Self.swayFrequency))])
        case .restThenSway:
            ScriptedTrajectory(
                keyframes: [.init(t: 0, attitude: .identity)],
                layers: [
                    .init(
                        axis: Vector3(1, 0, 0),
                        angle: .sine(amplitude: Self.swayAmplitude, frequency: Self.swayFrequency)
                            * .ramp(start: Self.swayDelay, end: Self.swayDelay + 1))
                ])
        case .tilts:
            .tiltSequence()
        case .demo:
            .demo
        case .walk:
            Self.walking(Self.walkGait)
        }
    }

    /// A bout of `gait` in the hand (40° towards the user, walking north), wobbling ±3° about y at 1 Hz and ±2° about
    /// x at 2 Hz from 0.5 s before its first step to 0.5 s after its last.
    private static func walking(_ gait: Gait) -> ScriptedTrajectory {
        let degree = Double.pi / 180
        let first = gait.stepTimes.first ?? 0, last = gait.stepTimes.last ?? 0
        let window = Profile.window(start: first - 0.5, end: last + 0.5, rampTime: 0.5)
        return ScriptedTrajectory(
            keyframes: [.init(t: 0, attitude: Quaternion(axis: Vector3(1, 0, 0), angle: 40 * degree))],
            layers: [
                .init(axis: Vector3(0, 1, 0), angle: window * .sine(amplitude: 3 * degree, frequency: 1)),
                .init(axis: Vector3(1, 0, 0), angle: window * .sine(amplitude: 2 * degree, frequency: 2, phase: 0.3)),
            ],
            position: (gait.lateral, gait.forward, gait.up), stepTimes: gait.stepTimes)
    }
}
