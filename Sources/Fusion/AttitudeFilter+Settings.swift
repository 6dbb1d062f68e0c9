extension AttitudeFilter {
    /// The tunable parameters of the attitude filter, with their units and defaults.
    ///
    /// The defaults are meant for any consumer-grade IMU between 50 Hz and 2 kHz: every time is in seconds and every
    /// rate in rad/s, and the filter derives its per-sample coefficients from them (see `Coefficients`), so the same
    /// settings behave the same at any sample rate.
    public struct Settings: Sendable, Hashable {
        // MARK: Inclination (accelerometer)

        /// Time constant τ_acc of the low-pass filter applied to the accelerometer in the almost-inertial frame, s.
        /// Longer rejects linear acceleration better but trusts the gyroscope longer. Default 3 s.
        public var accelerometerTimeConstant: Double = 3.0

        /// Latency compensation, s: the attitude output is propagated this far ahead with the current rotation rate,
        /// to make up for a known delay of the sensor (the group delay of its digital low-pass filters, a few
        /// milliseconds on typical MEMS IMUs). Gravity and user acceleration stay at the measurement time, like the
        /// accelerometer. Default 0 (off): the attitude then belongs to the sample's own timestamp, as CoreMotion's
        /// does. Set it only for a sensor whose delay was measured; on BROAD's development split the IMU-to-reference
        /// delay is about 2.5 ms, and that setting lowers the 6D inclination RMSE from 0.60° to 0.46° (bench/README.md).
        public var latencyCompensation: Double = 0

        // MARK: Heading (magnetometer)

        /// Time constant τ_mag of the heading correction from the magnetometer, s. Longer trusts the gyroscope's
        /// heading more against short magnetic disturbances that the detector misses. Default 20 s.
        public var magnetometerTimeConstant: Double = 20.0

        // MARK: Gyroscope bias

        /// Estimate the gyroscope bias while the device rests. Default true.
        public var restBiasEstimation: Bool = true
        /// Estimate the gyroscope bias while the device moves, from the inclination corrections. Default true.
        public var motionBiasEstimation: Bool = true
        /// Standard deviation of the bias at start, rad/s. Default 0.5 °/s.
        public var biasInitialSigma: Double = 0.5 * degree
        /// Time after which a bias estimate has lost its confidence (by 0.1 °/s) without new information, s.
        /// Default 100 s.
        public var biasForgettingTime: Double = 100.0
        /// Largest bias the filter will estimate (per axis), rad/s. Default 2 °/s.
        public var biasLimit: Double = 2.0 * degree
        /// Steady-state standard deviation of the bias estimated during motion, rad/s. Smaller averages the noisy
        /// inclination corrections over longer. Default 0.04 °/s.
        public var biasMotionSigma: Double = 0.04 * degree
        /// How much slower the bias about the vertical axis is learnt in motion than the horizontal ones (it is only
        /// observable through the device's changing attitude), dimensionless. Default 1e-4.
        public var biasVerticalForgettingFactor: Double = 1e-4
        /// Steady-state standard deviation of the bias estimated at rest, rad/s. Default 0.03 °/s.
        public var biasRestSigma: Double = 0.03 * degree

        /// Estimate a scale-factor error per gyroscope axis during motion, with the bias. Default true.
        public var scaleEstimation: Bool = true
        /// Standard deviation of the scale-factor error at start, dimensionless: a deliberately tight prior, so that
        /// only consistent evidence over many turns moves the estimate (disturbed accelerometers and magnets otherwise
        /// pass for scale errors). Default 0.002 (0.2 %).
        public var scaleInitialSigma: Double = 0.002
        /// How much the scale factor may wander per `biasForgettingTime`, dimensionless. Default 0.0001.
        public var scaleForgettingSigma: Double = 0.0001
        /// Largest scale-factor error the filter will estimate (per axis), dimensionless. Default 0.03 (3 %).
        public var scaleLimit: Double = 0.03

        // MARK: Rest detection

        /// How long the device must be still before it counts as resting, s. Default 1.5 s.
        public var restMinimumDuration: Double = 1.5
        /// Time constant of the low-pass filters of the rest detector, s. Default 0.5 s.
        public var restFilterTimeConstant: Double = 0.5
        /// Largest deviation of the gyroscope from its low-pass at rest, rad/s. Default 2 °/s.
        public var restGyroscopeThreshold: Double = 2.0 * degree
        /// Largest deviation of the accelerometer from its low-pass at rest, m/s². Default 0.5 m/s².
        public var restAccelerometerThreshold: Double = 0.5

        // MARK: Magnetic disturbances

        /// Detect magnetic disturbances (field norm or dip angle off the reference) and reject the magnetometer while
        /// they last. Default true.
        public var magneticDisturbanceRejection: Bool = true
        /// Time constant of the low-pass filter on the field's norm and dip before they are compared, s. Default 0.05 s.
        public var magneticCurrentTimeConstant: Double = 0.05
        /// Time constant with which the reference norm and dip follow an undisturbed field, s. Default 20 s.
        public var magneticReferenceTimeConstant: Double = 20.0
        /// Largest relative deviation of the field's norm from the reference, dimensionless. Wider than VQF's 0.1
        /// because the reference may come from a rest (`magneticRestReference`), where a nearby table or desk can
        /// bend the field by several per cent from the room's. Default 0.14.
        public var magneticNormThreshold: Double = 0.14
        /// Largest deviation of the dip angle from the reference, rad. Default 10°.
        public var magneticDipThreshold: Double = 10.0 * degree
        /// How long a new, stable field must be seen during rotation before it becomes the reference, s. Default 20 s.
        public var magneticNewFieldTime: Double = 20.0
        /// The same, for the very first reference, s. Default 5 s.
        public var magneticNewFieldFirstTime: Double = 5.0
        /// Let time at rest count towards the very first reference too, not only rotation: a device that rests
        /// before it moves then knows the field before a disturbance can come (a magnet brought close as it starts
        /// to move would otherwise become the reference). Default true.
        public var magneticRestReference: Bool = true
        /// Rotation rate above which time counts towards accepting a new field, rad/s. Default 20 °/s.
        public var magneticNewFieldMinimumRotation: Double = 20.0 * degree
        /// How long the field must agree with the reference before it is trusted again, s. Default 0.5 s.
        public var magneticMinimumUndisturbedTime: Double = 0.5
        /// Longest time the magnetometer is ignored outright; after that it is used at reduced gain, s. Default 60 s.
        public var magneticMaximumRejectionTime: Double = 60.0
        /// Gain divisor after the maximum rejection time (and recovery speed of that budget), dimensionless.
        /// Default 2.
        public var magneticRejectionFactor: Double = 2.0

        // MARK: Time and bad samples

        /// Highest rate of the slow loop, Hz: rest detection, gyroscope bias estimation and the magnetometer run on
        /// every n-th sample, n = round(sample rate / this), with their filters and gains derived for that period.
        /// Their inputs are low-passed over seconds, so a higher rate costs time without adding information.
        /// Default 100 Hz.
        public var slowUpdateRate: Double = 100

        /// The nominal sample rate in Hz, or nil to estimate it from the timestamps. Default nil.
        public var sampleRate: Double? = nil
        /// A gap between two samples longer than this re-initialises the attitude instead of integrating across it, s.
        /// Default 0.5 s.
        public var maximumGap: Double = 0.5
        /// Accelerometer full scale, m/s²: a component at or beyond it marks the sample saturated. Default 16 g.
        public var accelerometerRange: Double = 16 * 9.80665
        /// Gyroscope full scale, rad/s: a component at or beyond it marks the sample saturated. Default 2000 °/s.
        public var gyroscopeRange: Double = 2000 * degree
        /// Magnetometer full scale, µT: a reading with a component beyond it is not used for the heading (a scale or
        /// driver error; no magnetometer in use reads more: AK8963, the widest common range, is ±4900 µT). Default
        /// 4900 µT.
        public var magnetometerRange: Double = 4900
        /// Magnitude of gravity used for the `gravity` output, m/s². Default 9.80665 (standard gravity).
        public var gravity: Double = 9.80665

        /// The default settings.
        public init() {}
    }
}

/// One degree in radians (file-private shorthand for the defaults above).
private let degree = Double.pi / 180
