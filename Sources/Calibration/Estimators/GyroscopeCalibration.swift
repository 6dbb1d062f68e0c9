import MotionMath

/// The gyroscope section of a calibration: a constant bias, `corrected = raw − bias`.
public struct GyroscopeCalibration: Sendable, Equatable {
    /// The bias, rad/s, subtracted from every raw reading.
    public var bias: Vector3
    /// How good the estimate is; nil for hand-written files.
    public var quality: Quality?

    /// Creates a section.
    public init(bias: Vector3, quality: Quality? = nil) {
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
        public var noise: Vector3
        /// Standard error of the bias per axis, rad/s: noise / √samples. (Ignores bias instability; see the Allan
        /// variance note in Calibration/README.md.)
        public var biasUncertainty: Vector3

        /// Creates the figures.
        public init(samples: Int, duration: Double, noise: Vector3, biasUncertainty: Vector3) {
            self.samples = samples
            self.duration = duration
            self.noise = noise
            self.biasUncertainty = biasUncertainty
        }
    }

    /// The corrected angular velocity, rad/s.
    public func corrected(_ raw: Vector3) -> Vector3 {
        raw - bias
    }
}
