import MotionMath

extension AttitudeSmoother {
    /// The parameters of the offline smoother, with their units and defaults.
    public struct Settings: Sendable, Hashable {
        /// The settings of the two online passes (forward and time-reversed) whose gyroscope bias, scale-factor,
        /// rest and magnetic-disturbance estimates the smoother combines. Its `latencyCompensation` leads the
        /// smoothed attitude as it leads the filter's (off by default; on BROAD's development split 2.5 ms lowers the
        /// smoother's 6D inclination RMSE from 0.53° to 0.33°, bench/README.md). Default: `AttitudeFilter.Settings()`.
        public var filter = AttitudeFilter.Settings()

        /// `filter.biasMotionSigma` for the passes over a recording without a usable magnetometer reading, rad/s, or
        /// nil to keep `filter`'s. Without the magnetometer only the inclination uses the bias, and it integrates the
        /// gyroscope over seconds (`accelerometerTimeConstant`): a bias that follows changes faster is worth its
        /// noise there, while the heading, which integrates the gyroscope over `magnetometerTimeConstant`, is not.
        /// On BROAD's development split the 6D inclination RMSE is 0.532° at 0.04 °/s (`filter`'s), 0.524° at 0.05,
        /// 0.522° at 0.06 and 0.08, 0.525° at 0.12 and 0.527° at 0.2 °/s (with the magnetometer, 0.08 °/s would cost
        /// 0.13° of 9D heading). But a faster bias also follows the inclination errors that linear acceleration in
        /// step with the rotation leaves: on the rocking of AttitudeSmootherTests the inclination RMSE is 0.094° at
        /// 0.04, 0.092° at 0.05, 0.100° at 0.06, 0.136° at 0.08 and 0.289° at 0.12 °/s. Default 0.05 °/s.
        public var biasMotionSigmaWithoutMagnetometer: Double? = 0.05 * Double.pi / 180

        /// Time constant of the zero-phase low-pass (a second-order Butterworth run forwards, then backwards) applied
        /// to the accelerometer in the almost-inertial frame, s. Linear acceleration averages out there while the
        /// slow drift of the integrated gyroscope stays; run both ways, the filter has no lag. On BROAD's development
        /// split the 6D inclination RMSE is flat between 3 and 5 s (0.531° / 0.530°) and worse at 1.5 s (0.586°).
        /// Default 3 s.
        public var accelerometerTimeConstant: Double = 3.0

        /// Time constant of the first-order heading filter towards the magnetometer, run forwards, then backwards,
        /// s. Longer than the online filter's 20 s: with the bias known from both directions, the integrated
        /// gyroscope's heading stays true for longer, so the magnetometer, whose undetected disturbances are the
        /// main heading error, can be averaged over more time. On BROAD's development split the 9D heading RMSE is
        /// 1.855° at 20 s, 1.633° at 40 s, 1.613° at 60 s and 1.666° at 90 s (VQF's offline mode, 9 s: 2.09°), and
        /// leaving one trial out (`bench/broad --offline --cv`) every one of the 16 folds chooses 60 s among 20, 40
        /// and 60. Default 60 s.
        public var magnetometerTimeConstant: Double = 60.0

        /// The default settings.
        public init() {}
    }
}
