import MotionMath

extension Trajectory where Self == ScriptedTrajectory {
    /// Lying still forever at `attitude` (default: flat, screen up, top pointing north).
    public static func rest(attitude: Quaternion = .identity) -> ScriptedTrajectory {
        ScriptedTrajectory(keyframes: [.init(t: 0, attitude: attitude)])
    }

    /// Spinning forever about the device-frame `axis` at `rate` rad/s, starting from `initial` at t = 0.
    public static func constantRotation(
        axis: Vector3, rate: Double, initial: Quaternion = .identity
    ) -> ScriptedTrajectory {
        ScriptedTrajectory(
            keyframes: [.init(t: 0, attitude: initial)],
            layers: [.init(axis: axis, angle: .linear(rate: rate))])
    }

    /// The static orientations `tiltSequence` visits, in order: flat, both landscape sides, portrait upright and
    /// upside down, screen down (twice, at different headings), and five oblique tilts at various headings.
    public static var tiltOrientations: [Quaternion] {
        let degree = Double.pi / 180
        let x = Vector3(1, 0, 0)
        let y = Vector3(0, 1, 0)
        let z = Vector3(0, 0, 1)
        func r(_ axis: Vector3, _ angle: Double) -> Quaternion { Quaternion(axis: axis, angle: angle * degree) }
        return [
            .identity,
            r(y, 90),
            r(y, -90),
            r(x, 90),
            r(x, -90),
            r(x, 180),
            r(z, 90) * r(y, 180),
            r(x, 30) * r(y, 45),
            r(z, 120) * r(x, -60) * r(y, 20),
            r(z, -45) * r(y, 135),
            r(z, 200) * r(x, 110) * r(y, -30),
            r(x, -25) * r(y, -70),
        ]
    }

    /// Visits every orientation of `tiltOrientations`, holding each for `hold` seconds and turning to the next over
    /// `transition` seconds (smooth start and stop), then back to flat; repeats forever (period =
    /// count · (hold + transition)). No translation. Defaults: hold 2 s, transition 1.5 s (42 s period).
    public static func tiltSequence(hold: Double = 2, transition: Double = 1.5) -> ScriptedTrajectory {
        let orientations = tiltOrientations
        var keyframes: [ScriptedTrajectory.Keyframe] = []
        var t = 0.0
        for attitude in orientations {
            keyframes.append(.init(t: t, attitude: attitude))
            t += hold
            keyframes.append(.init(t: t, attitude: attitude))
            t += transition
        }
        keyframes.append(.init(t: t, attitude: orientations[0]))
        return ScriptedTrajectory(keyframes: keyframes, period: t)
    }

    /// An 80-second phone-in-hand scene, repeated forever, every part physically consistent, with the true step times
    /// of its walk and its run (`stepTimes`, `steps(from:to:)`: 75 steps per repetition):
    ///
    /// | time (s) | motion |
    /// |---|---|
    /// | 0–4 | rest, flat on a table, top pointing north |
    /// | 4–6 | picked up (lifted 30 cm) and tilted 40° towards the user |
    /// | 6–30 | walking: 44 steps at 1.9 steps/s from 6.6 s (`demoWalk`: bounce, heel strikes, sway, surge), ±3°/±2° wobble |
    /// | 20–23 | (while walking) a 90° left turn |
    /// | 30–32 | standing still in hand |
    /// | 32–41 | tilts: landscape, screen down, portrait upright, holding 1.5–2 s each |
    /// | 41–50 | fast spins: a full turn about z (peak ≈ 3.9 rad/s), then a full turn about x |
    /// | 50–54 | turned back north, lowered 30 cm and laid flat |
    /// | 54–60 | rest |
    /// | 60–62 | picked up again and tilted 40° |
    /// | 62–74 | running: 31 steps at 2.8 steps/s from 62.5 s (`demoRun`), ±4°/±3° wobble |
    /// | 74–76 | lowered and laid flat |
    /// | 76–80 | rest |
    public static var demo: ScriptedTrajectory {
        let degree = Double.pi / 180
        let x = Vector3(1, 0, 0)
        let y = Vector3(0, 1, 0)
        let z = Vector3(0, 0, 1)
        func r(_ axis: Vector3, _ angle: Double) -> Quaternion { Quaternion(axis: axis, angle: angle * degree) }
        let inHand = r(x, 40)
        let turned = r(z, 90) * inHand
        let keyframes: [ScriptedTrajectory.Keyframe] = [
            .init(t: 0, attitude: .identity),
            .init(t: 4, attitude: .identity),
            .init(t: 6, attitude: inHand),
            .init(t: 20, attitude: inHand),
            .init(t: 23, attitude: turned),
            .init(t: 32, attitude: turned),
            .init(t: 33, attitude: r(z, 90) * r(y, 90)),
            .init(t: 35, attitude: r(z, 90) * r(y, 90)),
            .init(t: 36.5, attitude: r(z, 90) * r(x, 180)),
            .init(t: 38, attitude: r(z, 90) * r(x, 180)),
            .init(t: 39.5, attitude: r(z, 90) * r(x, 90)),
            .init(t: 41, attitude: r(z, 90) * r(x, 90)),
            .init(t: 50, attitude: r(z, 90) * r(x, 90)),
            .init(t: 52, attitude: inHand),
            .init(t: 54, attitude: .identity),
            .init(t: 60, attitude: .identity),
            .init(t: 62, attitude: inHand),
            .init(t: 74, attitude: inHand),
            .init(t: 76, attitude: .identity),
        ]
        let walking = Profile.window(start: 6, end: 30, rampTime: 1.5)
        let running = Profile.window(start: 62, end: 74, rampTime: 1)
        let layers: [ScriptedTrajectory.Layer] = [
            .init(axis: y, angle: walking * .sine(amplitude: 3 * degree, frequency: 1)),
            .init(axis: x, angle: walking * .sine(amplitude: 2 * degree, frequency: 2, phase: 0.3)),
            .init(axis: z, angle: .ramp(start: 42, end: 45, from: 0, to: 2 * Double.pi)),
            .init(axis: x, angle: .ramp(start: 46, end: 49, from: 0, to: 2 * Double.pi)),
            .init(axis: y, angle: running * .sine(amplitude: 4 * degree, frequency: 1.4)),
            .init(axis: x, angle: running * .sine(amplitude: 3 * degree, frequency: 2.8, phase: 0.5)),
        ]
        let walk = demoWalk
        let run = demoRun
        let east = walk.lateral + run.lateral
        let north = walk.forward + run.forward
        let up = Profile.ramp(start: 4, end: 6, from: 0, to: 0.3)
            + Profile.ramp(start: 52, end: 54, from: 0, to: -0.3)
            + Profile.ramp(start: 60, end: 62, from: 0, to: 0.3)
            + Profile.ramp(start: 74, end: 76, from: 0, to: -0.3)
            + walk.up + run.up
        return ScriptedTrajectory(
            keyframes: keyframes, layers: layers, position: (east, north, up), period: 80,
            stepTimes: walk.stepTimes + run.stepTimes)
    }

    /// The demo's walk: 44 steps at 1.9 steps/s from 6.6 s (2 % interval variation, seed 2026).
    public static var demoWalk: Gait { Gait(style: .walking, start: 6.6, count: 44, cadence: 1.9, seed: 2026) }

    /// The demo's run: 31 steps at 2.8 steps/s from 62.5 s (2 % interval variation, seed 2027).
    public static var demoRun: Gait { Gait(style: .running, start: 62.5, count: 31, cadence: 2.8, seed: 2027) }
}
