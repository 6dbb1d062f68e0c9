extension AttitudeFilter {
    /// Per-sample constants derived from `Settings` and the sample period (never set directly).
    public struct Coefficients: Sendable, Hashable {
        /// The sample period the coefficients are derived for, s.
        public internal(set) var samplePeriod: Double
        @usableFromInline var accelerometerLowPass: ButterworthLowPass
        @usableFromInline var restLowPass: ButterworthLowPass
        @usableFromInline var magneticLowPass: ButterworthLowPass
        /// Gain of the first-order heading correction per sample.
        @usableFromInline var magneticGain: Double
        /// Gain with which the magnetic reference follows the field per sample.
        @usableFromInline var magneticReferenceGain: Double
        /// Bias covariance at start, (rad/s)².
        @usableFromInline var biasP0: Double
        /// Bias process noise per sample, (rad/s)².
        @usableFromInline var biasProcessNoise: Double
        /// Measurement noise of the horizontal bias in motion, of the vertical one, and at rest, (rad/s)².
        @usableFromInline var biasMotionNoise: Double
        @usableFromInline var biasVerticalNoise: Double
        @usableFromInline var biasRestNoise: Double

        /// Derives the coefficients for `settings` at one sample every `samplePeriod` seconds.
        public init(settings s: Settings, samplePeriod ts: Double) {
            samplePeriod = ts
            accelerometerLowPass = ButterworthLowPass(timeConstant: s.accelerometerTimeConstant, samplePeriod: ts)
            restLowPass = ButterworthLowPass(timeConstant: s.restFilterTimeConstant, samplePeriod: ts)
            magneticLowPass = ButterworthLowPass(
                timeConstant: Swift.max(s.magneticCurrentTimeConstant, ts), samplePeriod: ts)
            magneticGain = Self.gain(timeConstant: s.magnetometerTimeConstant, samplePeriod: ts)
            magneticReferenceGain = Self.gain(timeConstant: s.magneticReferenceTimeConstant, samplePeriod: ts)
            biasP0 = s.biasInitialSigma * s.biasInitialSigma
            // The variance grows by (0.1 °/s)² per forgetting time.
            let forget = 0.1 * Double.pi / 180
            biasProcessNoise = forget * forget * ts / Swift.max(s.biasForgettingTime, ts)
            // Measurement noise W chosen so that continuous updates settle at the variance p:
            // P = (P + V)·W / (P + V + W) has the fixed point P = p when W = p²/V + p.
            let pMotion = s.biasMotionSigma * s.biasMotionSigma
            biasMotionNoise = pMotion * pMotion / biasProcessNoise + pMotion
            biasVerticalNoise = biasMotionNoise / Swift.max(s.biasVerticalForgettingFactor, 1e-10)
            let pRest = s.biasRestSigma * s.biasRestSigma
            biasRestNoise = pRest * pRest / biasProcessNoise + pRest
        }

        /// The gain k = 1 − e^(−Ts/τ) of a first-order low-pass with time constant τ; 1 for τ ≤ 0.
        static func gain(timeConstant tau: Double, samplePeriod ts: Double) -> Double {
            tau > 0 ? 1 - Elementary.exp(-ts / tau) : 1
        }
    }
}
