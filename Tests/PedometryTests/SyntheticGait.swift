import MotionMath

/// A simulated walk or run with known step times: the specific force of a device held in a random fixed orientation
/// by a walker who stands `lead` s, takes `steps` steps and stands `tail` s.
///
/// Per step (world frame, z up): a heel-strike impact (a 60 ms Gaussian with a rebound 0.12 s later; half as strong
/// for the first step), the body's vertical bounce (one cosine per step, peaking at the impact; a single hump for
/// the first and last step), a forward surge (one sine per step) and a lateral sway (one half sine per step,
/// alternating sides). `pocket` makes every second impact 0.35 as strong and adds a vertical stride-frequency sway,
/// as a device in a trouser pocket sees it. Running: 10 m/s² impacts and a 9 m/s² bounce (flight phases).
/// Step intervals vary by 2 % (s.d.), sample times jitter by ±`timeJitter` sample periods, each axis has 0.05 m/s²
/// of noise, and `gap` drops the samples in that time range.
struct SyntheticGait {
    var rate = 100.0
    var cadence = 1.8
    var steps = 100
    var lead = 3.0
    var tail = 3.0
    var pocket = false
    var running = false
    var timeJitter = 0.3
    var gap: ClosedRange<Double>? = nil
    var seed: UInt64 = 0

    /// The samples (time s, specific force m/s² in the device frame) and the true step times.
    func generate() -> (samples: [(time: Double, acceleration: Vector3)], stepTimes: [Double]) {
        var random = SeededGenerator(seed: seed)
        let period = 1 / cadence
        var stepTimes = [lead]
        for _ in 1..<steps { stepTimes.append(stepTimes[stepTimes.count - 1] + period * (1 + 0.02 * random.nextGaussian())) }
        let rotation = RandomRotation.make(&random)
        let duration = stepTimes[stepTimes.count - 1] + tail
        let impact = running ? 10.0 : 3.0
        let width = running ? 0.04 : 0.06
        let bounce = running ? 9.0 : 2.5
        var samples: [(time: Double, acceleration: Vector3)] = []
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
                vertical += a * Elementary.exp(-(d / width) * (d / width))
                vertical -= 0.35 * a * Elementary.exp(-((d - 0.12) / 0.08) * ((d - 0.12) / 0.08))
                if d >= -period / 2 && d < period / 2 {
                    let c = Elementary.cos(2 * Double.pi * d / period)
                    vertical += i == 0 || i == stepTimes.count - 1 ? 0.5 * bounce * (1 + c) : bounce * c
                }
                if d >= 0 && d < period {
                    forward += Elementary.sin(2 * Double.pi * d / period)
                    let sway = Elementary.sin(Double.pi * d / period)
                    lateral += 0.6 * side * sway
                    if pocket { vertical += 0.8 * side * sway }
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

/// A uniformly random device attitude (a normalised 4-D Gaussian quaternion, device → world).
enum RandomRotation {
    static func make(_ random: inout SeededGenerator) -> Quaternion {
        Quaternion(
            w: random.nextGaussian(), x: random.nextGaussian(), y: random.nextGaussian(), z: random.nextGaussian()
        ).normalized
    }
}
