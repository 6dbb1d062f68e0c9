import MotionMath

extension AttitudeFilter {
    /// Per-sample constants derived from `Settings` and the sample period (never set directly).
    public struct Coefficients: Sendable, Hashable {
        /// The sample period the coefficients are derived for, s.
        public internal(set) var samplePeriod: Double
        @usableFromInline var accelerometerLowPass: ButterworthLowPass
        /// The slow loop (rest detection, bias estimation, magnetometer) runs on every `slowStride`-th sample.
        @usableFromInline var slowStride: Int
        /// The slow loop's nominal period, s.
        @usableFromInline var slowPeriod: Double
        /// The accelerometer low-pass at the slow loop's period (for the rotation matrix and rotated bias).
        @usableFromInline var slowLowPass: ButterworthLowPass
        @usableFromInline var restLowPass: ButterworthLowPass
        @usableFromInline var magneticLowPass: ButterworthLowPass
        /// Gain of the first-order heading correction per sample.
        @usableFromInline var magneticGain: Double
        /// Gain with which the magnetic reference follows the field per sample.
        @usableFromInline var magneticReferenceGain: Double
        /// Bias covariance at start, (rad/s)².
        @usableFromInline var biasP0: Double
        /// Bias process noise per slow-loop step, (rad/s)².
        @usableFromInline var biasProcessNoise: Double
        /// Measurement noise of the horizontal bias in motion, of the vertical one, and at rest, (rad/s)².
        @usableFromInline var biasMotionNoise: Double
        @usableFromInline var biasVerticalNoise: Double
        @usableFromInline var biasRestNoise: Double
        /// Scale-factor variance at start and its growth per slow step.
        @usableFromInline var scaleP0: Double
        @usableFromInline var scaleProcessNoise: Double

        /// Derives the coefficients for `settings` at one sample every `samplePeriod` seconds.
        public init(settings s: Settings, samplePeriod ts: Double) {
            samplePeriod = ts
            accelerometerLowPass = ButterworthLowPass(timeConstant: s.accelerometerTimeConstant, samplePeriod: ts)
            let stride = s.slowUpdateRate > 0 ? (1 / (ts * s.slowUpdateRate)).rounded() : 1
            slowStride = stride.isFinite ? Int(Swift.min(Swift.max(stride, 1), 1000)) : 1
            let slow = ts * Double(slowStride)
            slowPeriod = slow
            slowLowPass = ButterworthLowPass(timeConstant: s.accelerometerTimeConstant, samplePeriod: slow)
            restLowPass = ButterworthLowPass(timeConstant: s.restFilterTimeConstant, samplePeriod: slow)
            magneticLowPass = ButterworthLowPass(
                timeConstant: Swift.max(s.magneticCurrentTimeConstant, slow), samplePeriod: slow)
            magneticGain = Self.gain(timeConstant: s.magnetometerTimeConstant, samplePeriod: slow)
            magneticReferenceGain = Self.gain(timeConstant: s.magneticReferenceTimeConstant, samplePeriod: slow)
            biasP0 = s.biasInitialSigma * s.biasInitialSigma
            // The variance grows by (0.1 °/s)² per forgetting time.
            let forget = 0.1 * Double.pi / 180
            biasProcessNoise = forget * forget * slow / Swift.max(s.biasForgettingTime, slow)
            // Measurement noise W chosen so that continuous updates settle at the variance p:
            // P = (P + V)·W / (P + V + W) has the fixed point P = p when W = p²/V + p.
            let pMotion = s.biasMotionSigma * s.biasMotionSigma
            biasMotionNoise = pMotion * pMotion / biasProcessNoise + pMotion
            biasVerticalNoise = biasMotionNoise / Swift.max(s.biasVerticalForgettingFactor, 1e-10)
            scaleP0 = s.scaleInitialSigma * s.scaleInitialSigma
            scaleProcessNoise = s.scaleForgettingSigma * s.scaleForgettingSigma * slow / Swift.max(s.biasForgettingTime, slow)
            let pRest = s.biasRestSigma * s.biasRestSigma
            biasRestNoise = pRest * pRest / biasProcessNoise + pRest
        }

        /// The gain k = 1 − e^(−Ts/τ) of a first-order low-pass with time constant τ; 1 for τ ≤ 0.
        static func gain(timeConstant tau: Double, samplePeriod ts: Double) -> Double {
            tau > 0 ? 1 - Elementary.exp(-ts / tau) : 1
        }
    }
}
