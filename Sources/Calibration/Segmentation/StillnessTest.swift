import MotionMath

/// The one test of stillness in calibration, used by the segmenter of recordings (`StillnessSegmenter`, a window
/// centred on each sample) and by the guided procedures (`StillnessWindow`, the last window of a live stream).
///
/// Samples over a window of `windowDuration` are still when the largest per-axis standard deviation of the
/// accelerometer is at most `accelerometerThreshold` and that of the gyroscope at most `gyroscopeThreshold`. The
/// bias of the gyroscope is unknown, so only its variation is tested, never its magnitude; a turn also moves gravity
/// and shows in the accelerometer.
public struct StillnessTest: Sendable, Equatable {
    /// Length of the window, s (default 0.5).
    public var windowDuration: Double = 0.5
    /// Largest per-axis accelerometer standard deviation in a still window, m/s² (default 0.1 ≈ 10 mg).
    public var accelerometerThreshold: Double = 0.1
    /// Largest per-axis gyroscope standard deviation in a still window, rad/s (default 0.02 ≈ 1.15 °/s).
    public var gyroscopeThreshold: Double = 0.02

    /// The defaults.
    public init() {}

    /// True when a window whose largest per-axis standard deviations are `accelerometerDeviation` (m/s²) and
    /// `gyroscopeDeviation` (rad/s) is still.
    public func isStill(accelerometerDeviation: Double, gyroscopeDeviation: Double) -> Bool {
        accelerometerDeviation <= accelerometerThreshold && gyroscopeDeviation <= gyroscopeThreshold
    }
}
