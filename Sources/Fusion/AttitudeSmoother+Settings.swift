import MotionMath

extension AttitudeSmoother {
    /// The parameters of the offline smoother, with their units and defaults.
    public struct Settings: Sendable, Hashable {
        /// The settings of the two online passes (forward and time-reversed) whose gyroscope bias, scale-factor,
        /// rest and magnetic-disturbance estimates the smoother combines. Its `latencyCompensation` leads the
        /// smoothed attitude as it leads the filter's (off by default; on BROAD's development split 2.5 ms lowers the
        /// smoother's 6D inclination RMSE from 0.53° to 0.33°, bench/README.md). Default: `AttitudeFilter.Settings()`.
        public var filter = AttitudeFilter.Settings()

        /// Time constant of the zero-phase low-pass (a second-order Butterworth run forwards, then backwards) applied
        /// to the accelerometer in the almost-inertial frame, s. Linear acceleration averages out there while the
        /// slow drift of the integrated gyroscope stays; run both ways, the filter has no lag. On BROAD's development
        /// split the 6D inclination RMSE is flat between 3 and 5 s (0.531° / 0.530°) and worse at 1.5 s (0.586°).
        /// Default 3 s.
        public var accelerometerTimeConstant: Double = 3.0

        /// Time constant of the first-order heading filter towards the magnetometer, run forwards, then backwards,
        /// s. Longer than the online filter's 15 s: with the bias known from both directions, the integrated
        /// gyroscope's heading stays true for longer, so the magnetometer, whose undetected disturbances are the
        /// main heading error, can be averaged over more time. On BROAD's development split the 9D heading RMSE is
        /// 1.82° at 20 s, 1.71° at 30 s, 1.65° at 40 s and 1.64° at 60 s (VQF's offline mode, 9 s: 2.09°). Default 40 s.
        public var magnetometerTimeConstant: Double = 40.0

        /// The default settings.
        public init() {}
    }
}
