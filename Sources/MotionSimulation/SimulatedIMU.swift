import MotionMath

/// A simulated inertial measurement unit: samples a `Trajectory` at a fixed rate and adds the errors of a real MEMS
/// IMU. Deterministic: the same trajectory, settings and seed give bit-identical samples.
///
/// Error model per sample (each axis independent):
/// - timing: sample n is taken at `startTime + n / sampleRate + jitter`, jitter ~ N(0, `timingJitter`²) clipped to
///   ±0.45 sample periods so that timestamps still increase; the sample's `t` is that true sampling time;
/// - white noise σ = density · √sampleRate (continuous white noise of that spectral density, sampled: the
///   convention of Allan-variance "random walk" coefficients);
/// - constant gyroscope bias, accelerometer offset, magnetometer hard-iron offset (added to the truth);
/// - saturation: readings are clipped to ±range when a range is set.
public struct SimulatedIMU: Sendable {
    /// The IMU's sampling and error model. Defaults describe a typical phone/laptop MEMS IMU (BMI160-class).
    public struct Settings: Sendable, Hashable {
        /// Output data rate, Hz. Default 100.
        public var sampleRate: Double = 100
        /// Standard deviation of the sampling-time jitter, seconds. Default 0 (perfectly regular).
        public var timingJitter: Double = 0
        /// Accelerometer white-noise density, m/s²/√Hz. Default 0.0018 (≈180 µg/√Hz).
        public var accelerometerNoiseDensity: Double = 0.0018
        /// Gyroscope white-noise density, rad/s/√Hz. Default 1.2e-4 (≈0.007 °/s/√Hz).
        public var gyroscopeNoiseDensity: Double = 1.2e-4
        /// Magnetometer white-noise density, µT/√Hz. Default 0.05.
        public var magnetometerNoiseDensity: Double = 0.05
        /// Constant gyroscope bias, rad/s (device frame). Default (0.01, −0.006, 0.004) ≈ (0.57, −0.34, 0.23) °/s.
        public var gyroscopeBias = Vector3(0.01, -0.006, 0.004)
        /// Constant accelerometer offset, m/s². Default zero.
        public var accelerometerOffset = Vector3.zero
        /// Magnetometer hard-iron offset, µT. Default zero.
        public var magnetometerHardIron = Vector3.zero
        /// Accelerometer full-scale range, m/s² (readings clip to ±range); nil: no saturation (default).
        public var accelerometerRange: Double?
        /// Gyroscope full-scale range, rad/s; nil: no saturation (default).
        public var gyroscopeRange: Double?
        /// Magnetometer full-scale range, µT; nil: no saturation (default).
        public var magnetometerRange: Double?
        /// Does the IMU have a magnetometer (9D) or not (6D)? Default true.
        public var hasMagnetometer = true

        /// The defaults above.
        public init() {}

        /// No noise, bias, offset or saturation: samples equal the truth (still at `sampleRate`).
        public static var ideal: Settings {
            var settings = Settings()
            settings.accelerometerNoiseDensity = 0
            settings.gyroscopeNoiseDensity = 0
            settings.magnetometerNoiseDensity = 0
            settings.gyroscopeBias = .zero
            return settings
        }
    }

    /// One simulated sample with the exact motion at its timestamp.
    public struct Reading: Sendable, Hashable {
        /// What the IMU reports.
        public var sample: IMUSample
        /// The exact motion at `sample.t`.
        public var truth: MotionTruth
    }

    /// The trajectory being sampled.
    public let trajectory: any Trajectory
    /// The sampling and error model.
    public let settings: Settings
    /// Time of sample 0 (before jitter), seconds.
    public let startTime: Double
    /// The index of the next sample.
    public private(set) var index = 0
    private var generator: SeededGenerator

    /// A simulated IMU on `trajectory`; `seed` fixes every random error. Precondition: sampleRate > 0.
    public init(trajectory: any Trajectory, settings: Settings = Settings(), seed: UInt64 = 0, startTime: Double = 0) {
        precondition(settings.sampleRate > 0, "the sample rate must be positive")
        self.trajectory = trajectory
        self.settings = settings
        self.startTime = startTime
        self.generator = SeededGenerator(seed: seed)
    }

    /// The next sample and its truth.
    public mutating func next() -> Reading {
        let period = 1 / settings.sampleRate
        // index / rate, not index · period: 0.7, not 0.7000000000000001, at 100 Hz.
        var t = startTime + Double(index) / settings.sampleRate
        index += 1
        if settings.timingJitter > 0 {
            let jitter = settings.timingJitter * generator.nextGaussian()
            t += min(max(jitter, -0.45 * period), 0.45 * period)
        }
        return sample(at: t)
    }

    /// A sample taken at time `t` (seconds) instead of on the regular schedule, e.g. for a source paced by a clock;
    /// noise, bias and saturation as for `next()` (the noise level follows `sampleRate`). Does not advance `index`.
    public mutating func sample(at t: Double) -> Reading {
        let truth = trajectory.truth(at: t)
        let rootRate = settings.sampleRate.squareRoot()
        let accelerometer = measure(
            truth.specificForce + settings.accelerometerOffset,
            sigma: settings.accelerometerNoiseDensity * rootRate, range: settings.accelerometerRange)
        let gyroscope = measure(
            truth.angularVelocity + settings.gyroscopeBias,
            sigma: settings.gyroscopeNoiseDensity * rootRate, range: settings.gyroscopeRange)
        var magnetometer: Vector3?
        if settings.hasMagnetometer {
            magnetometer = measure(
                truth.magneticField + settings.magnetometerHardIron,
                sigma: settings.magnetometerNoiseDensity * rootRate, range: settings.magnetometerRange)
        }
        return Reading(
            sample: IMUSample(t: t, accelerometer: accelerometer, gyroscope: gyroscope, magnetometer: magnetometer),
            truth: truth)
    }

    /// The next `count` readings.
    public mutating func next(_ count: Int) -> [Reading] {
        (0..<max(0, count)).map { _ in next() }
    }

    /// Adds white noise of standard deviation `sigma` to each axis, then clips to ±range.
    private mutating func measure(_ value: Vector3, sigma: Double, range: Double?) -> Vector3 {
        var result = value
        if sigma > 0 {
            result += Vector3(generator.nextGaussian(), generator.nextGaussian(), generator.nextGaussian()) * sigma
        }
        if let range {
            result = Vector3(
                min(max(result.x, -range), range), min(max(result.y, -range), range),
                min(max(result.z, -range), range))
        }
        return result
    }
}
