import MotionMath

/// A simulated walk or run with known step times: the specific force of a device held in a random fixed orientation
/// by a walker who stands `lead` s, takes `steps` steps and stands `tail` s.
///
/// Per step (world frame, z up): a heel-strike impact (a 60 ms Gaussian with a rebound 0.12 s later; half as strong
/// for the first step), the body's vertical bounce (one cosine per step, peaking at the impact; a single hump for
/// the first and last step), a forward surge (one sine per step) and a lateral sway (one half sine per step,
/// alternating sides). `pocket` makes every second impact 0.35 as strong and adds a vertical stride-frequency sway,
/// as a device in a trouser pocket sees it (`strideSway` sets its strength). `strongerLeg` makes every second impact
/// (and its rebound) that many times as strong as the others (a limp, a stiff knee, a device strapped to one leg: the
/// stride then dominates the signal, while the body still bounces once per step and every step time is a step).
/// Running: 10 m/s² impacts and a 9 m/s² bounce (flight phases).
/// Step intervals vary by 2 % (s.d.), sample times jitter by ±`timeJitter` sample periods, each axis has 0.05 m/s²
/// of noise, and `gap` drops the samples in that time range.
///
/// Unlike `Gait` (positions with exact derivatives, for trajectories), this is an accelerometer signal only, with the
/// placements a trajectory of a rigid device cannot express (a pocket's uneven impacts): the step detector's tests
/// and the throughput benchmark use it.
public struct SyntheticGait: Sendable {
    /// Sample rate, Hz.
    public var rate = 100.0
    /// Steps per second.
    public var cadence = 1.8
    /// The number of steps (at least 1).
    public var steps = 100
    /// Standing before the first step, s.
    public var lead = 3.0
    /// Standing after the last step, s.
    public var tail = 3.0
    /// Every second impact weaker and a stride-frequency sway: a device in a trouser pocket.
    public var pocket = false
    /// Running impacts and bounce.
    public var running = false
    /// Every second step's impact (and rebound) as a multiple of the others' (1: both legs alike; 5: one leg lands
    /// five times as hard). The steps it strengthens are those that `pocket` leaves at full strength.
    public var strongerLeg = 1.0
    /// Peak of the vertical stride-frequency sway, m/s² (the thigh's swing as a device in a back pocket sees it), or
    /// nil for 0.8 with `pocket` and none without. From about 4 up it outweighs the steps in the signal's rhythm.
    public var strideSway: Double? = nil
    /// Sample-time jitter, in sample periods (uniform in ±this).
    public var timeJitter = 0.3
    /// Samples in this time range are left out (a dropout), s.
    public var gap: ClosedRange<Double>? = nil
    /// Fixes the step times, the orientation, the jitter and the noise.
    public var seed: UInt64 = 0
    /// The step times to take instead of `steps` at `cadence` from `lead` (a `BuildingWalk`'s, with its pauses);
    /// the signal's step period stays 1 / `cadence`. Nil (default): the scheduled walk.
    public var stepTimes: [Double]?

    /// A walk with the defaults above, changed by the arguments.
    public init(
        rate: Double = 100, cadence: Double = 1.8, steps: Int = 100, lead: Double = 3, tail: Double = 3,
        pocket: Bool = false, running: Bool = false, strongerLeg: Double = 1, strideSway: Double? = nil,
        timeJitter: Double = 0.3, gap: ClosedRange<Double>? = nil, seed: UInt64 = 0
    ) {
        self.rate = rate
        self.cadence = cadence
        self.steps = steps
        self.lead = lead
        self.tail = tail
        self.pocket = pocket
        self.running = running
        self.strongerLeg = strongerLeg
        self.strideSway = strideSway
        self.timeJitter = timeJitter
        self.gap = gap
        self.seed = seed
    }

    /// The samples (`t` s, specific force m/s² in the device frame) and the true step times.
    public func generate() -> (samples: [(t: Double, acceleration: Vector3)], stepTimes: [Double]) {
        var random = SeededGenerator(seed: seed)
        let period = 1 / cadence
        let given = self.stepTimes.flatMap { $0.isEmpty ? nil : $0 }
        let stepTimes =
            given
            ?? StepSchedule.times(
                start: lead, count: max(1, steps), cadence: cadence, variability: 0.02, using: &random)
        let rotation = RandomRotation.make(&random)
        let duration = stepTimes[stepTimes.count - 1] + tail
        let impact = running ? 10.0 : 3.0
        let width = running ? 0.04 : 0.06
        let bounce = running ? 9.0 : 2.5
        let sway = strideSway ?? (pocket ? 0.8 : 0)
        var samples: [(t: Double, acceleration: Vector3)] = []
        var first = 0
        for k in 0..<Int(duration * rate) {
            let t = Swift.max(0, (Double(k) + timeJitter * (2 * random.nextUniform() - 1)) / rate)
            var vertical = 0.0
            var forward = 0.0
            var lateral = 0.0
            while first < stepTimes.count && stepTimes[first] < t - 1.5 * period - 0.5 { first += 1 }
            var i = first
            while i < stepTimes.count && stepTimes[i] < t + 0.5 {
                let d = t - stepTimes[i]
                let side = i % 2 == 1 ? 1.0 : -1.0
                var a = impact * (i == 0 ? 0.5 : 1)
                if pocket && i % 2 == 1 { a *= 0.35 }
                if i % 2 == 0 { a *= strongerLeg }
                vertical += a * Elementary.exp(-(d / width) * (d / width))
                vertical -= 0.35 * a * Elementary.exp(-((d - 0.12) / 0.08) * ((d - 0.12) / 0.08))
                if d >= -period / 2 && d < period / 2 {
                    let c = Elementary.cos(2 * Double.pi * d / period)
                    vertical += i == 0 || i == stepTimes.count - 1 ? 0.5 * bounce * (1 + c) : bounce * c
                }
                if d >= 0 && d < period {
                    forward += Elementary.sin(2 * Double.pi * d / period)
                    let swing = Elementary.sin(Double.pi * d / period)
                    lateral += 0.6 * side * swing
                    vertical += sway * side * swing
                }
                i += 1
            }
            if let gap, gap.contains(t) { continue }
            let world = Vector3(lateral, forward, 9.80665 + vertical)
            let noise = Vector3(random.nextGaussian(), random.nextGaussian(), random.nextGaussian()) * 0.05
            samples.append((t, rotation.inverseRotate(world) + noise))
        }
        return (samples, stepTimes)
    }
}
