import MotionMath

/// Offline attitude estimation for a whole recording: every estimate may use the samples after it as well as those
/// before it.
///
/// The structure is VQF's offline mode (`offlineVQF`, Laidig & Seel, Information Fusion 91, 2023) on this toolkit's
/// filter:
/// 1. the online `AttitudeFilter` runs over the recording backwards in time (time-reversed, gyroscope negated) and
///    forwards; at every sample their gyroscope bias and scale-factor estimates are combined by their variances, so
///    that the start of the recording gets the bias learnt later, and rest and magnetic disturbances are judged
///    from both sides;
/// 2. the gyroscope, corrected with the combined bias and scale, is integrated into an almost-inertial frame;
/// 3. the accelerometer, rotated into that frame, is low-pass filtered forwards and then backwards (zero phase: no
///    lag), and the inclination correction makes that vector point up;
/// 4. the heading disagreement with the magnetometer is filtered forwards, then backwards, ignoring the field where
///    both directions judged it disturbed.
/// What differs from `offlineVQF`: the bias and scale come from this toolkit's filter (scale-factor estimation), the
/// combination uses each estimate's variance per axis, the heading time constant is longer
/// (`Settings.magnetometerTimeConstant`), and without a magnetometer the passes follow the bias faster
/// (`Settings.biasMotionSigmaWithoutMagnetometer`). BROAD development split, mean RMSE (bench/broad --offline): 6D
/// inclination 0.524° (offlineVQF 0.528°), 9D heading 1.63° (offlineVQF 2.09°). Most of the inclination error left
/// is the delay between the IMU and BROAD's optical reference (about 2.5 ms), which no smoothing of the IMU's own
/// data removes: led by that delay (`AttitudeFilter.Settings.latencyCompensation`, off by default) the smoother
/// reaches 0.33°.
///
/// Memory: the samples are kept, with what the passes need, in flat arrays: at most `bytesPerSample` bytes per sample
/// (185), plus at most one 5 MiB chunk of samples not yet filled. Time: six passes over the samples, two of them the
/// online filter (an hour at 200 Hz: about 1.7 s of CPU, `fuse --offline` included).
public struct AttitudeSmoother: Sendable {
    /// The parameters.
    public let settings: Settings

    /// The most memory the smoother holds per sample while it smooths, bytes: the inputs (80, `SampleChunks`), flags
    /// (1), the combined bias and scale (24, `Float`), the backward pass's variances (24, `Float`, released after the
    /// forward pass), the integrated gyroscope attitude (32) and the low-passed inertial accelerometer (24); the
    /// heading offsets (8) are allocated once the variances are released.
    public static let bytesPerSample = 185

    /// The samples appended so far.
    var samples = SampleChunks()

    /// A smoother with `settings` and no samples yet.
    public init(settings: Settings = Settings()) {
        self.settings = settings
    }

    /// The number of samples appended.
    public var count: Int { samples.count }

    /// Appends one sample. Samples must come in time order; bad ones are handled as `AttitudeFilter.update(_:)` does
    /// (a rejected sample repeats the previous estimate with its own time).
    public mutating func append(_ sample: IMUSample) {
        samples.append(sample)
    }

    /// The smoothed estimates of all samples in order, one per sample, passed to `body` (the estimates are not kept:
    /// write them out as they come).
    public func smooth(_ body: (MotionEstimate) throws -> Void) rethrows {
        guard count > 0 else { return }
        var passes = SmootherPasses(settings: settings, samples: samples)
        passes.run()
        try passes.emit(body)
    }

    /// The smoothed estimates of `samples` (convenience for short recordings: the result holds every estimate).
    public static func smooth(_ samples: [IMUSample], settings: Settings = Settings()) -> [MotionEstimate] {
        var smoother = AttitudeSmoother(settings: settings)
        for sample in samples { smoother.append(sample) }
        var estimates: [MotionEstimate] = []
        estimates.reserveCapacity(samples.count)
        smoother.smooth { estimates.append($0) }
        return estimates
    }
}

extension AttitudeSmoother {
    /// A reading the online filter would use: finite, not all zero, every component below `range`.
    @inline(__always)
    static func isUsable(_ v: Vector3, range: Double) -> Bool {
        v.isFinite && v.maxMagnitude < range && (v.x != 0 || v.y != 0 || v.z != 0)
    }
}
