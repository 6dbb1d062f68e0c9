import MotionMath
import MotionSimulation

/// Simulated motions without steps, as a device's specific force (m/s², device frame) at `rate` Hz: what a step
/// counter must not count.
enum SyntheticMotion: CaseIterable, CustomStringConvertible {
    /// Lying still, 0.02 m/s² of noise per axis.
    case still
    /// Held in a hand: 0.15 m/s² of tremor for 20 s, put down on a table in 1 s with a knock, then lying still.
    case setDown
    /// On a laptop being typed on: about 6 keystrokes/s at random, each a damped 30 Hz ring of 0.2–0.6 m/s².
    case typing
    /// Shaken by hand along a fixed random axis at `frequency` Hz (±5 % wobble), `amplitude` m/s², in bursts of
    /// 10 s with 5 s pauses.
    case shaking(frequency: Double, amplitude: Double)
    /// In a vehicle: the body's vertical bounce (a resonance at `bounce` Hz with damping ratio `damping`, driven by
    /// white noise, 0.6 × `roughness` m/s² s.d.), wheel hop (12 Hz, 0.5 × `roughness`), pitch (1.8 Hz), and every
    /// 20 s an acceleration or braking of 2 m/s² and a turn of 3 m/s² centripetal. Car suspensions have damping
    /// ratios of 0.2–0.4; a seat bouncing at a walking cadence with ζ ≈ 0.1 is periodic enough to be counted now and
    /// then (in 3 of 20 simulated rides at 1.6 Hz), so it is not among the cases.
    case vehicle(bounce: Double, damping: Double, roughness: Double)

    static var allCases: [SyntheticMotion] {
        [
            .still, .setDown, .typing,
            .shaking(frequency: 4.5, amplitude: 15), .shaking(frequency: 6, amplitude: 15),
            .shaking(frequency: 5, amplitude: 4),
            .vehicle(bounce: 1.3, damping: 0.3, roughness: 1), .vehicle(bounce: 1.3, damping: 0.3, roughness: 2.5),
            .vehicle(bounce: 1.6, damping: 0.2, roughness: 1.5), .vehicle(bounce: 1.0, damping: 0.2, roughness: 2),
        ]
    }

    var description: String {
        switch self {
        case .still: "still"
        case .setDown: "set down"
        case .typing: "typing"
        case .shaking(let f, let a): "shaking \(f) Hz \(a) m/s²"
        case .vehicle(let f, let z, let r): "vehicle \(f) Hz ζ \(z) ×\(r)"
        }
    }

    /// Duration of the motion, s.
    var duration: Double {
        if case .vehicle = self { return 120 }
        return 60
    }

    /// The samples at `rate` Hz (times jittering by ±0.3 sample periods).
    func samples(rate: Double, seed: UInt64) -> [(t: Double, acceleration: Vector3)] {
        var random = SeededGenerator(seed: seed)
        let attitude = RandomRotation.make(&random)
        let count = Int(duration * rate)
        let times = (0..<count).map { Swift.max(0, (Double($0) + 0.3 * (2 * random.nextUniform() - 1)) / rate) }
        let world: [Vector3]
        switch self {
        case .still:
            world = times.map { _ in Vector3(0, 0, 9.80665) }
        case .setDown:
            world = times.map { t in
                if t < 21 { return Vector3(0, 0, 9.80665) }
                let knock = t < 21.05 ? 8 * Elementary.sin(Double.pi * (t - 21) / 0.05) : 0
                return Vector3(0, 0, 9.80665 + knock)
            }
        case .typing:
            world = Self.typing(times, rate: rate, &random)
        case .shaking(let f, let a):
            world = Self.shaking(times, frequency: f, amplitude: a, &random)
        case .vehicle(let f, let z, let r):
            world = Self.vehicle(times, rate: rate, bounce: f, damping: z, roughness: r, &random)
        }
        let tremor = { (t: Double) -> Double in if case .setDown = self, t < 20 { return 0.15 }; return 0.02 }
        return zip(times, world).map { t, w in
            let s = tremor(t)
            let noise = Vector3(random.nextGaussian(), random.nextGaussian(), random.nextGaussian()) * s
            let held = t < 21 ? attitude.inverseRotate(w) : w
            return (t, held + noise)
        }
    }

    private static func typing(_ times: [Double], rate: Double, _ random: inout SeededGenerator) -> [Vector3] {
        var strikes: [(Double, Double)] = []
        for t in stride(from: 0, to: times[times.count - 1], by: 0.01) where random.nextUniform() < 0.06 {
            strikes.append((t, 0.2 + 0.4 * random.nextUniform()))
        }
        var first = 0
        return times.map { t in
            while first < strikes.count && strikes[first].0 < t - 0.1 { first += 1 }
            var z = 0.0
            var i = first
            while i < strikes.count && strikes[i].0 <= t {
                let d = t - strikes[i].0
                z += strikes[i].1 * Elementary.exp(-d / 0.02) * Elementary.sin(2 * Double.pi * 30 * d)
                i += 1
            }
            return Vector3(0, 0, 9.80665 + z)
        }
    }

    private static func shaking(
        _ times: [Double], frequency f: Double, amplitude a: Double, _ random: inout SeededGenerator
    ) -> [Vector3] {
        let axis = Vector3(random.nextGaussian(), random.nextGaussian(), random.nextGaussian()).normalized
        return times.map { t in
            let on = Elementary.sin(2 * Double.pi * t / 15) > -0.5
            let phase = 2 * Double.pi * f * (t - 0.05 / (2 * Double.pi * 0.2) * Elementary.cos(2 * Double.pi * 0.2 * t))
            return Vector3(0, 0, 9.80665) + axis * (on ? a * Elementary.sin(phase) : 0)
        }
    }

    private static func vehicle(
        _ times: [Double], rate: Double, bounce: Double, damping: Double, roughness: Double,
        _ random: inout SeededGenerator
    ) -> [Vector3] {
        let vertical = Self.resonance(times.count, rate: rate, frequency: bounce, damping: damping, &random)
        let hop = Self.resonance(times.count, rate: rate, frequency: Swift.min(12, 0.4 * rate), damping: 0.1, &random)
        let pitch = Self.resonance(times.count, rate: rate, frequency: 1.8, damping: 0.3, &random)
        var manoeuvres: [(start: Double, brake: Double, turn: Double)] = []
        for k in 0..<Int(times[times.count - 1] / 20) {
            manoeuvres.append(
                (Double(k) * 20 + 5 * random.nextUniform(), random.nextUniform() < 0.5 ? -2 : 2,
                 random.nextUniform() < 0.5 ? -3 : 3))
        }
        return times.indices.map { i in
            let t = times[i]
            var longitudinal = 0.3 * roughness * pitch[i]
            var lateral = 0.0
            for m in manoeuvres {
                let a = (t - m.start - 3) / 1.5
                let b = (t - m.start - 10) / 2
                longitudinal += m.brake * Elementary.exp(-0.5 * a * a)
                lateral += m.turn * Elementary.exp(-0.5 * b * b)
            }
            let up = 0.6 * roughness * vertical[i] + 0.5 * roughness * hop[i]
            return Vector3(lateral, longitudinal, 9.80665 + up)
        }
    }

    /// White noise through ω²/(s² + 2ζωs + ω²) (bilinear transform), scaled to unit standard deviation.
    private static func resonance(
        _ count: Int, rate: Double, frequency: Double, damping: Double, _ random: inout SeededGenerator
    ) -> [Double] {
        let w = 2 * Double.pi * frequency
        let c = 2 * rate
        let a0 = c * c + 2 * damping * w * c + w * w
        var section = Biquad(
            b0: w * w / a0, b1: 2 * w * w / a0, b2: w * w / a0, a1: (2 * w * w - 2 * c * c) / a0,
            a2: (c * c - 2 * damping * w * c + w * w) / a0)
        let x = (0..<count).map { _ in section.step(random.nextGaussian()) }
        let mean = x.reduce(0, +) / Double(count)
        let sd = (x.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(count)).squareRoot()
        return x.map { ($0 - mean) / sd }
    }
}
