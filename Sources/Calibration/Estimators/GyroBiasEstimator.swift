import MotionMath

/// Estimates the gyroscope bias and noise from a period in which the device lies still.
///
/// The bias is the mean of the samples and the noise their standard deviation per axis. The device must not move:
/// motion shows up as a sample far from the running mean, a standard deviation above what any usable gyroscope
/// produces at rest, or (when accelerometer samples are given) a changing gravity vector. A slow constant rotation
/// about the vertical is indistinguishable from bias for a gyroscope alone and is not detected.
///
/// Feed samples one at a time with `add(gyroscope:accelerometer:time:)` (live calibration; motion restarts the
/// collection when `Settings.restartOnMotion` is set) or use `estimate(gyroscope:accelerometer:times:settings:)` on a
/// recorded still segment (motion refuses).
public struct GyroBiasEstimator: Sendable {
    /// Thresholds; defaults suit MEMS gyroscopes of phones, laptops and SBC IMUs at 10–1000 Hz.
    public struct Settings: Sendable, Equatable {
        /// Samples needed before a result is given (default 200, e.g. 2 s at 100 Hz).
        public var minimumSamples: Int = 200
        /// Largest per-axis standard deviation accepted as "still", rad/s (default 0.02 ≈ 1.15 °/s; MEMS white noise
        /// at rest is typically 0.001–0.01 rad/s).
        public var maximumStandardDeviation: Double = 0.02
        /// Largest per-axis distance of one sample from the mean accepted as "still", rad/s (default 0.1 ≈ 5.7 °/s,
        /// five times the largest accepted noise). A tap or a turn exceeds it at once.
        public var maximumDeviation: Double = 0.1
        /// Samples averaged before the per-sample deviation check starts (default 50).
        public var warmUpSamples: Int = 50
        /// Largest per-axis standard deviation of the accelerometer accepted as still, m/s² (default 0.15).
        public var maximumAccelerometerStandardDeviation: Double = 0.15
        /// Largest per-axis distance of one accelerometer sample from its mean, m/s² (default 1.0).
        public var maximumAccelerometerDeviation: Double = 1.0
        /// Live mode: when motion is detected, drop what was collected and start again (default true). When false,
        /// motion is remembered and `result()` refuses.
        public var restartOnMotion: Bool = true

        /// The defaults.
        public init() {}
    }

    /// What `add` reports.
    public enum Progress: Sendable, Equatable {
        /// Still collecting: `samples` of `needed`.
        case collecting(samples: Int, needed: Int)
        /// Enough still samples: `result()` will answer.
        case ready(samples: Int)
        /// Motion was detected; collection restarted (or, without `restartOnMotion`, stopped).
        case motion(CalibrationError)
    }

    /// The thresholds in use.
    public let settings: Settings
    private var gyroscope: [Vector3] = []
    private var accelerometer: [Vector3] = []
    private var gyroscopeSum = Vector3.zero
    private var accelerometerSum = Vector3.zero
    private var firstTime: Double?
    private var lastTime: Double?
    private var motion: CalibrationError?
    /// Samples skipped as outside `SampleBounds` (not finite, beyond the sensor's range), since the start.
    public private(set) var rejectedSamples = 0

    /// Creates an empty estimator.
    public init(settings: Settings = Settings()) {
        self.settings = settings
    }

    /// Number of still samples collected so far.
    public var sampleCount: Int { gyroscope.count }

    /// Adds one sample: angular velocity in rad/s, optional specific force in m/s², optional time in s.
    public mutating func add(
        gyroscope sample: Vector3, accelerometer acceleration: Vector3? = nil, time: Double? = nil
    ) -> Progress {
        if let motion, !settings.restartOnMotion { return .motion(motion) }
        // 0. A reading no sensor gives is skipped and counted: a NaN would make the mean NaN for good.
        guard SampleBounds.accepts(gyroscope: sample), acceleration.map(SampleBounds.accepts(accelerometer:)) ?? true
        else {
            rejectedSamples += 1
            return gyroscope.count >= settings.minimumSamples
                ? .ready(samples: gyroscope.count)
                : .collecting(samples: gyroscope.count, needed: settings.minimumSamples)
        }
        // 1. Per-sample motion check against the running mean, once the mean means something.
        if gyroscope.count >= settings.warmUpSamples, let problem = deviation(of: sample, acceleration) {
            if settings.restartOnMotion {
                reset()
            } else {
                motion = problem
            }
            return .motion(problem)
        }
        // 2. Accumulate.
        gyroscope.append(sample)
        gyroscopeSum += sample
        if let acceleration {
            accelerometer.append(acceleration)
            accelerometerSum += acceleration
        }
        if let time {
            if firstTime == nil { firstTime = time }
            lastTime = time
        }
        return gyroscope.count >= settings.minimumSamples
            ? .ready(samples: gyroscope.count)
            : .collecting(samples: gyroscope.count, needed: settings.minimumSamples)
    }

    /// Drops everything collected.
    public mutating func reset() {
        gyroscope.removeAll(keepingCapacity: true)
        accelerometer.removeAll(keepingCapacity: true)
        gyroscopeSum = .zero
        accelerometerSum = .zero
        firstTime = nil
        lastTime = nil
        motion = nil
    }

    private func deviation(of sample: Vector3, _ acceleration: Vector3?) -> CalibrationError? {
        if let error = Self.stray(
            sample, from: gyroscopeSum / Double(gyroscope.count), limit: settings.maximumDeviation,
            figure: "gyroscope deviation from the mean (rad/s)")
        {
            return error
        }
        guard let acceleration, !accelerometer.isEmpty else { return nil }
        return Self.stray(
            acceleration, from: accelerometerSum / Double(accelerometer.count),
            limit: settings.maximumAccelerometerDeviation, figure: "accelerometer deviation from the mean (m/s²)")
    }

    /// Motion, when `value` strays from `mean` by more than `limit` on an axis (`figure` names what strayed).
    private static func stray(_ value: Vector3, from mean: Vector3, limit: Double, figure: String)
        -> CalibrationError?
    {
        let deviation = (value - mean).maxMagnitude
        return deviation > limit ? .motionDetected(figure: figure, value: deviation, limit: limit) : nil
    }

    /// The bias and noise of what was collected; refuses when there are too few samples, the device moved or the
    /// bias is implausible (beyond `CalibrationFile.maximumGyroscopeBias`).
    public func result() throws(CalibrationError) -> GyroscopeCalibration {
        if let motion { throw motion }
        guard gyroscope.count >= max(2, settings.minimumSamples) else {
            throw .tooFewSamples(found: gyroscope.count, needed: max(2, settings.minimumSamples))
        }
        // 1. Mean and standard deviation (two-pass, for accuracy with large biases).
        let count = Double(gyroscope.count)
        let bias = gyroscope.reduce(Vector3.zero, +) / count
        let variance = gyroscope.reduce(Vector3.zero) { $0 + ($1 - bias) * ($1 - bias) } / (count - 1)
        let noise = Vector3(variance.x.squareRoot(), variance.y.squareRoot(), variance.z.squareRoot())
        // 2. Stillness over the whole period, not only sample by sample.
        let axes = ["x", "y", "z"]
        for axis in 0..<3 where noise[axis] > settings.maximumStandardDeviation {
            throw .motionDetected(
                figure: "gyroscope \(axes[axis]) standard deviation (rad/s)", value: noise[axis],
                limit: settings.maximumStandardDeviation)
        }
        let largest = gyroscope.map { ($0 - bias).maxMagnitude }.max() ?? 0
        if largest > settings.maximumDeviation {
            throw .motionDetected(
                figure: "gyroscope deviation from the mean (rad/s)", value: largest, limit: settings.maximumDeviation)
        }
        if accelerometer.count >= 2 {
            let n = Double(accelerometer.count)
            let mean = accelerometer.reduce(Vector3.zero, +) / n
            let accelVariance = accelerometer.reduce(Vector3.zero) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1)
            for axis in 0..<3 where accelVariance[axis].squareRoot() > settings.maximumAccelerometerStandardDeviation {
                throw .motionDetected(
                    figure: "accelerometer \(axes[axis]) standard deviation (m/s²)",
                    value: accelVariance[axis].squareRoot(), limit: settings.maximumAccelerometerStandardDeviation)
            }
            let accelLargest = accelerometer.map { ($0 - mean).maxMagnitude }.max() ?? 0
            if accelLargest > settings.maximumAccelerometerDeviation {
                throw .motionDetected(
                    figure: "accelerometer deviation from the mean (m/s²)", value: accelLargest,
                    limit: settings.maximumAccelerometerDeviation)
            }
        }
        // 3. Plausibility: a still gyroscope with a bias no part has is a scale or driver error, not a bias to store.
        guard bias.maxMagnitude <= CalibrationFile.maximumGyroscopeBias else {
            throw .implausible(
                "gyroscope bias \(CalibrationError.format(bias.maxMagnitude)) rad/s, at most "
                    + "\(CalibrationError.format(CalibrationFile.maximumGyroscopeBias)) rad/s (20 °/s) is plausible")
        }
        var duration = 0.0
        if let firstTime, let lastTime { duration = lastTime - firstTime }
        return GyroscopeCalibration(
            bias: bias,
            quality: .init(
                samples: gyroscope.count, duration: duration, noise: noise,
                biasUncertainty: noise / count.squareRoot()))
    }

    /// Estimates bias and noise from a recorded still period; refuses (does not restart) on motion.
    /// `accelerometer` and `times`, when given, must have the same count as `gyroscope`.
    public static func estimate(
        gyroscope: [Vector3], accelerometer: [Vector3]? = nil, times: [Double]? = nil,
        settings: Settings = Settings()
    ) throws(CalibrationError) -> GyroscopeCalibration {
        var batch = settings
        batch.restartOnMotion = false
        var estimator = GyroBiasEstimator(settings: batch)
        for index in gyroscope.indices {
            let acceleration = accelerometer.flatMap { index < $0.count ? $0[index] : nil }
            let time = times.flatMap { index < $0.count ? $0[index] : nil }
            if case .motion(let error) = estimator.add(
                gyroscope: gyroscope[index], accelerometer: acceleration, time: time)
            {
                throw error
            }
        }
        return try estimator.result()
    }
}
