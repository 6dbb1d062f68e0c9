/// The gyroscope section of a calibration: a constant bias, `corrected = raw − bias`.
public struct GyroscopeCalibration: Sendable, Equatable {
    /// The bias, rad/s, subtracted from every raw reading.
    public var bias: SIMD3<Double>
    /// How good the estimate is; nil for hand-written files.
    public var quality: Quality?

    /// Creates a section.
    public init(bias: SIMD3<Double>, quality: Quality? = nil) {
        self.bias = bias
        self.quality = quality
    }

    /// Figures of merit of a gyroscope bias estimate.
    public struct Quality: Sendable, Equatable {
        /// Number of still samples averaged.
        public var samples: Int
        /// Length of the still period, s (0 when the samples had no timestamps).
        public var duration: Double
        /// Standard deviation of the samples per axis, rad/s: the sensor's white noise at its output rate.
        public var noise: SIMD3<Double>
        /// Standard error of the bias per axis, rad/s: noise / √samples. (Ignores bias instability; see the Allan
        /// variance note in Calibration/README.md.)
        public var biasUncertainty: SIMD3<Double>

        /// Creates the figures.
        public init(samples: Int, duration: Double, noise: SIMD3<Double>, biasUncertainty: SIMD3<Double>) {
            self.samples = samples
            self.duration = duration
            self.noise = noise
            self.biasUncertainty = biasUncertainty
        }
    }

    /// The corrected angular velocity, rad/s.
    public func corrected(_ raw: SIMD3<Double>) -> SIMD3<Double> {
        raw - bias
    }
}
