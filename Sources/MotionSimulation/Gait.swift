import MotionMath

/// The body motion of a walk or a run with known step times, as position profiles with exact derivatives, for a
/// scripted trajectory (`ScriptedTrajectory.demo` walks and runs with it).
///
/// At each step time tᵢ (the heel strike) the body is lowest, so its upward acceleration peaks there: a dip of width
/// 0.3 step periods (the bounce) plus a short one (the impact: 50 ms walking, 40 ms running). Each dip −h·exp(−(d/w)²)
/// has the upward acceleration 2h/w² at its centre and two negative lobes beside it, and no net velocity or
/// displacement, so the body starts and ends a bout at rest where it was. A bout starts and ends softly: the first and
/// last steps dip half as deep, the second and second-to-last three quarters (a full dip at the end of a bout leaves
/// a lone negative lobe that a step detector may take for one more step). The body also sways towards the stance
/// foot (alternating sides, at half the step frequency) and surges forward a quarter period after each strike.
/// Every profile is a sum of Gaussian bumps (`Profile.bumps`): smooth (C∞) and bounded.
public struct Gait: Sendable {
    /// Walking or running: sets the strength of bounce and impact.
    public enum Style: String, Sendable, CaseIterable {
        /// Bounce 2 m/s², impact 3 m/s² (50 ms), sway ±3 cm, surge 1 cm.
        case walking
        /// Bounce 9 m/s², impact 10 m/s² (40 ms), sway ±2 cm, surge 2 cm: the flight phases of running.
        case running
    }

    /// Walking or running.
    public let style: Style
    /// The true step times (heel strikes), s, increasing.
    public let stepTimes: [Double]
    /// Vertical displacement, m (up positive).
    public let up: Profile
    /// Sideways displacement, m (to the right of the direction of travel positive).
    public let lateral: Profile
    /// Displacement along the direction of travel, m.
    public let forward: Profile

    /// A bout of `count` steps from `start` (s) at `cadence` steps/s, the intervals varied by `variability` (relative
    /// standard deviation, default 2 %), deterministic for `seed`.
    public init(style: Style, start: Double, count: Int, cadence: Double, variability: Double = 0.02, seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let times = StepSchedule.times(
            start: start, count: count, cadence: cadence, variability: variability, using: &random)
        self.init(style: style, stepTimes: times, cadence: cadence)
    }

    /// A bout with these step times (increasing) at about `cadence` steps/s.
    public init(style: Style, stepTimes: [Double], cadence: Double) {
        self.style = style
        self.stepTimes = stepTimes
        let period = 1 / cadence
        let running = style == .running
        // Peak upward accelerations (m/s²) and widths (s) of the bounce and the impact: h = peak · w² / 2.
        let bounceWidth = 0.3 * period
        let bounce = (running ? 9.0 : 2.0) * bounceWidth * bounceWidth / 2
        let impactWidth = running ? 0.04 : 0.05
        let impact = (running ? 10.0 : 3.0) * impactWidth * impactWidth / 2
        let count = stepTimes.count
        let taper: @Sendable (Int) -> Double = { index in
            switch min(index, count - 1 - index) {
            case 0: 0.5
            case 1: 0.75
            default: 1
            }
        }
        up = .bumps(at: stepTimes, width: bounceWidth) { -bounce * taper($0) }
            + .bumps(at: stepTimes, width: impactWidth) { -impact * taper($0) }
        let sway = running ? 0.02 : 0.03
        lateral = .bumps(at: stepTimes, width: 0.5 * period) { index in index % 2 == 0 ? sway : -sway }
        let surge = running ? 0.02 : 0.01
        forward = .bumps(at: stepTimes.map { $0 + period / 4 }, width: bounceWidth) { _ in surge }
    }
}
