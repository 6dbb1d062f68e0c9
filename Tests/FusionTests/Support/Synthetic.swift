import Foundation
import Fusion
import MotionMath

/// Synthetic IMU data with known truth, for the filter tests.
///
/// The truth attitude (device → ENU) is integrated from a body-frame angular velocity with eight midpoint substeps per
/// sample; the gyroscope reports the mean rate over the sample's interval (the midpoint rate), which is what the filter
/// integrates. Accelerometer: gravity (9.81 m/s² up) plus linear acceleration, both rotated into the device frame.
/// Magnetometer: the ENU field (0, 20, −40) µT (north and down, like Europe) plus a disturbance, in the device frame.
struct Synthetic {
    var rate: Double = 200
    var duration: Double = 10
    var start: Quaternion = .identity
    /// Body-frame angular velocity, rad/s, as a function of time.
    var angularVelocity: @Sendable (Double) -> Vector3 = { _ in .zero }
    /// Linear acceleration in the ENU frame, m/s².
    var linearAcceleration: @Sendable (Double) -> Vector3 = { _ in .zero }
    /// Gyroscope bias, rad/s, device frame.
    var gyroscopeBias: @Sendable (Double) -> Vector3 = { _ in .zero }
    /// Magnetic disturbance in the ENU frame, µT.
    var magneticDisturbance: @Sendable (Double) -> Vector3 = { _ in .zero }
    /// Standard deviation of white noise: accelerometer m/s², gyroscope rad/s, magnetometer µT.
    var accelerometerNoise = 0.0
    var gyroscopeNoise = 0.0
    var magnetometerNoise = 0.0
    /// Relative timing jitter of each step (uniform ±jitter·period).
    var jitter = 0.0
    /// Include the magnetometer.
    var magnetometer = false
    var seed: UInt64 = 1

    static let field = Vector3(0, 20, -40)
    static let g = 9.81

    struct Step {
        var sample: IMUSample
        var truth: Quaternion
    }

    func generate() -> [Step] {
        var random = Gaussian(seed: seed)
        var steps: [Step] = []
        var q = start
        var t = 0.0
        let period = 1 / rate
        let count = Int((duration * rate).rounded())
        for index in 0..<count {
            var dt = period
            if index > 0 {
                dt *= 1 + jitter * (2 * random.uniform() - 1)
                // Truth: midpoint substeps.
                let substeps = 8
                for k in 0..<substeps {
                    let h = dt / Double(substeps)
                    let w = angularVelocity(t + (Double(k) + 0.5) * h)
                    q = (q * Quaternion(rotationVector: w * h)).normalized
                }
                t += dt
            }
            let gyro = (index > 0 ? angularVelocity(t - dt / 2) : angularVelocity(t)) + gyroscopeBias(t)
                + random.vector(gyroscopeNoise)
            let acc = q.inverseRotate(Vector3(0, 0, Self.g) + linearAcceleration(t)) + random.vector(accelerometerNoise)
            let mag = magnetometer
                ? q.inverseRotate(Self.field + magneticDisturbance(t)) + random.vector(magnetometerNoise) : nil
            steps.append(Step(sample: IMUSample(t: t, accelerometer: acc, gyroscope: gyro, magnetometer: mag), truth: q))
        }
        return steps
    }
}

extension Synthetic {
    /// The errors of a cheap uncalibrated IMU: 1.55 °/s of gyroscope bias (0.02, −0.015, 0.01) rad/s and white noise
    /// (accelerometer 0.05 m/s², gyroscope 0.002 rad/s, magnetometer 0.3 µT); with a magnetometer if asked.
    mutating func addUncalibratedIMUErrors(magnetometer: Bool) {
        gyroscopeBias = { _ in Vector3(0.02, -0.015, 0.01) }
        accelerometerNoise = 0.05
        gyroscopeNoise = 0.002
        magnetometerNoise = 0.3
        self.magnetometer = magnetometer
    }
}

/// Deterministic Gaussian noise (SplitMix64 + Box–Muller).
struct Gaussian {
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// Uniform in (0, 1), so that the logarithm below stays finite.
    mutating func uniform() -> Double { (Double(random.next() >> 11) + 0.5) / Double(1 << 53) }

    mutating func normal() -> Double {
        (-2 * log(uniform())).squareRoot() * cos(2 * Double.pi * uniform())
    }

    mutating func vector(_ sigma: Double) -> Vector3 {
        sigma == 0 ? .zero : Vector3(normal(), normal(), normal()) * sigma
    }
}

/// BROAD's error measures, degrees: e = q_est ⊗ q_true⁻¹ in the earth frame.
enum AttitudeError {
    static func inclination(_ estimate: Quaternion, _ truth: Quaternion) -> Double {
        let e = estimate * truth.conjugate
        return 2 * acos(min(1, (e.w * e.w + e.z * e.z).squareRoot())) * 180 / .pi
    }

    static func heading(_ estimate: Quaternion, _ truth: Quaternion) -> Double {
        let e = estimate * truth.conjugate
        return 2 * atan(abs(e.z / e.w)) * 180 / .pi
    }
}

extension AttitudeFilter.Settings {
    /// Defaults without latency compensation: synthetic data has no sensor delay to make up for.
    static var undelayed: Self {
        var settings = Self()
        settings.latencyCompensation = 0
        return settings
    }
}

/// Runs `filter` over `steps`; returns the estimates.
func run(_ filter: inout AttitudeFilter, _ steps: [Synthetic.Step]) -> [MotionEstimate] {
    steps.map { filter.update($0.sample) }
}

let degree = Double.pi / 180
