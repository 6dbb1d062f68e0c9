import MotionMath

extension AttitudeFilter {
    /// Everything the filter remembers between samples. Read it to inspect the estimate; it changes only through
    /// `update(_:)` and `reset()`.
    ///
    /// The attitude is kept as three factors (VQF's decomposition): `attitude = heading ⊗ inclination ⊗ gyroscope`,
    /// where `gyroscopeAttitude` is pure strapdown integration into an almost-inertial frame, `inclinationCorrection`
    /// tilts that frame so that gravity points up, and `headingOffset` turns it so that the magnetic field points
    /// north.
    public struct State: Sendable, Hashable {
        // MARK: Attitude

        /// Strapdown integral of the bias-corrected gyroscope: device → almost-inertial frame.
        public internal(set) var gyroscopeAttitude: Quaternion = .identity
        /// Rotation of the almost-inertial frame onto a gravity-aligned (z up) frame.
        public internal(set) var inclinationCorrection: Quaternion = .identity
        /// Rotation about the vertical that aligns the gravity-aligned frame with ENU (from the magnetometer), rad.
        public internal(set) var headingOffset: Double = 0
        /// sin and cos of half the heading offset (the heading rotation's quaternion), kept with it.
        @usableFromInline var headingSin: Double = 0
        @usableFromInline var headingCos: Double = 1

        // MARK: Gyroscope bias

        /// The estimated gyroscope bias, rad/s, device frame.
        public internal(set) var gyroscopeBias: Vector3 = .zero
        /// Covariance of the bias estimate, (rad/s)².
        public internal(set) var gyroscopeBiasCovariance: Matrix3 = .identity
        /// The estimated gyroscope scale-factor error per axis, dimensionless: the filter integrates
        /// (gyroscope − bias) ∘ (1 − scale).
        public internal(set) var gyroscopeScale: Vector3 = .zero
        /// Covariance of the scale-factor estimate, dimensionless².
        public internal(set) var gyroscopeScaleCovariance: Matrix3 = .identity
        /// Cross-covariance between bias (rows) and scale (columns), rad/s.
        public internal(set) var biasScaleCovariance: Matrix3 = .zero

        // MARK: Rest detection

        /// True while the device rests.
        public internal(set) var isResting: Bool = false
        /// How long the rest criteria have held, s.
        public internal(set) var restDuration: Double = 0

        // MARK: Magnetometer

        /// True while the magnetic field is judged disturbed (or before a reference field has been accepted).
        public internal(set) var isMagneticallyDisturbed: Bool = true
        /// Norm of the accepted reference field, µT (0 until one is accepted).
        public internal(set) var magneticReferenceNorm: Double = 0
        /// Dip angle of the accepted reference field, rad (positive when the field points down, as on the northern
        /// hemisphere).
        public internal(set) var magneticReferenceDip: Double = 0
        /// How long the magnetometer has been rejected, s (the budget for outright rejection).
        public internal(set) var magneticRejectionTime: Double = 0
        @usableFromInline var magneticUndisturbedTime: Double = 0
        @usableFromInline var magneticCandidateNorm: Double = -1
        @usableFromInline var magneticCandidateDip: Double = 0
        @usableFromInline var magneticCandidateTime: Double = 0
        @usableFromInline var magneticInitialGain: Double = 1

        // MARK: Time

        /// Timestamp of the last accepted sample, s, or nil before the first one.
        public internal(set) var lastTime: Double? = nil
        /// Estimated sample period, s (0 until known).
        public internal(set) var samplePeriod: Double = 0
        /// Number of samples rejected as bad (non-finite, saturated, all-zero, not increasing in time).
        public internal(set) var rejectedSamples: Int = 0
        /// Number of accelerometer readings skipped on their own (non-finite, saturated or all-zero) while the
        /// gyroscope of the sample was used.
        public internal(set) var rejectedAccelerometerReadings: Int = 0
        /// Number of re-initialisations after a gap longer than `Settings.maximumGap`.
        public internal(set) var gapRestarts: Int = 0
        @usableFromInline var periodSamples: Double = 0

        // MARK: Last inputs

        /// The accelerometer reading of the last sample, m/s²; nil before the first one and when that sample's
        /// accelerometer was rejected (user acceleration is then unknown, NaN, not −g).
        public internal(set) var lastAccelerometer: Vector3?
        /// The last accepted gyroscope reading, rad/s.
        public internal(set) var lastGyroscope: Vector3 = .zero

        // MARK: Filter memories

        @usableFromInline var accelerometerLowPass = LowPassState<SIMD3<Double>>()
        @usableFromInline var restGyroscopeLowPass = LowPassState<SIMD3<Double>>()
        @usableFromInline var restAccelerometerLowPass = LowPassState<SIMD3<Double>>()
        /// Samples until the next slow-loop step (rest, bias), and the time since the last one.
        @usableFromInline var slowCountdown = 0
        @usableFromInline var slowElapsed = 0.0
        /// The same for the magnetometer.
        @usableFromInline var magneticCountdown = 0
        @usableFromInline var magneticElapsed = 0.0
        @usableFromInline var rotationLowPass0 = LowPassState<SIMD3<Double>>()
        @usableFromInline var rotationLowPass1 = LowPassState<SIMD3<Double>>()
        @usableFromInline var rotationLowPass2 = LowPassState<SIMD3<Double>>()
        @usableFromInline var rateRotationLowPass0 = LowPassState<SIMD3<Double>>()
        @usableFromInline var rateRotationLowPass1 = LowPassState<SIMD3<Double>>()
        @usableFromInline var rateRotationLowPass2 = LowPassState<SIMD3<Double>>()
        @usableFromInline var rotatedBiasLowPass = LowPassState<SIMD2<Double>>()
        @usableFromInline var magneticLowPass = LowPassState<SIMD2<Double>>()

        init(biasVariance: Double, scaleVariance: Double, maximumRejectionTime: Double) {
            gyroscopeBiasCovariance = Matrix3(diagonal: Vector3(biasVariance, biasVariance, biasVariance))
            gyroscopeScaleCovariance = Matrix3(diagonal: Vector3(scaleVariance, scaleVariance, scaleVariance))
            magneticRejectionTime = maximumRejectionTime
        }

        /// The last gyroscope reading corrected for bias and scale, rad/s.
        @inline(__always)
        public var rotationRate: Vector3 { (lastGyroscope - gyroscopeBias) * (Vector3(1, 1, 1) - gyroscopeScale) }

        /// The attitude (device → reference), unit quaternion.
        public var attitude: Quaternion {
            Quaternion(w: headingCos, x: 0, y: 0, z: headingSin) * inclinationAttitude
        }

        /// The attitude without the magnetometer's heading (device → gravity-aligned frame):
        /// `inclinationCorrection * gyroscopeAttitude`, kept up to date by the filter.
        public internal(set) var inclinationAttitude: Quaternion = .identity
    }
}
