import MotionMath

/// The passes of `AttitudeSmoother` over one recording, and the per-sample arrays they hand on to each other (the
/// steps are numbered as in `AttitudeSmoother`'s description).
struct SmootherPasses {
    let settings: AttitudeSmoother.Settings
    /// The settings of the two online passes: `settings.filter`, with `biasMotionSigmaWithoutMagnetometer` when no
    /// magnetometer reading of the recording is usable.
    let filterSettings: AttitudeFilter.Settings
    /// The recording.
    let samples: SampleChunks
    let count: Int
    var flags: [AttitudeSmoother.Flags]
    /// Per sample: the bias (rad/s) and scale-factor error, 3 each. The backward pass's, then the combined ones.
    var calibration: [Float] = []
    /// Per sample: the backward pass's bias ((rad/s)²) and scale-factor variances, 3 each (until combined).
    var variances: [Float] = []
    /// Per sample: the integrated gyroscope (device → almost-inertial frame).
    var gyroscopeAttitudes: [Quaternion] = []
    /// Per sample: the accelerometer in the almost-inertial frame, low-passed (3 values, m/s²).
    var inertial: [Double] = []
    /// Per sample: the heading offset, rad (NaN before the first usable magnetometer sample of a segment).
    var headings: [Double] = []
    /// The nominal sample period, s (the online filter's estimate).
    var samplePeriod = 0.01
    /// True when any magnetometer sample was usable.
    var hasMagnetometer = false

    init(settings: AttitudeSmoother.Settings, samples: SampleChunks) {
        self.settings = settings
        self.samples = samples
        count = samples.count
        var filterSettings = settings.filter
        if let sigma = settings.biasMotionSigmaWithoutMagnetometer,
            !(0..<count).contains(where: { i in
                samples[i].magnetometer.map { AttitudeSmoother.isUsable($0, range: settings.filter.magnetometerRange) }
                    ?? false
            })
        {
            filterSettings.biasMotionSigma = sigma
        }
        self.filterSettings = filterSettings
        flags = [AttitudeSmoother.Flags](repeating: [], count: count)
    }

    mutating func run() {
        // 1. The online filter backwards, then forwards, combining bias and scale; the gyroscope integrated with
        //    them; the inertial accelerometer low-passed forwards.
        backwardFilterPass()
        forwardFilterPass()
        variances = []
        // 3. The low-pass backwards: zero phase.
        backwardLowPass()
        // 4. The heading offset, forwards then backwards.
        if hasMagnetometer { headingPasses() }
    }

    // MARK: - Samples

    @inline(__always)
    func sample(_ i: Int) -> IMUSample { samples[i] }

    @inline(__always)
    func inertialAcceleration(_ i: Int) -> Vector3 {
        Vector3(inertial[3 * i], inertial[3 * i + 1], inertial[3 * i + 2])
    }

    // MARK: - 1. Online passes

    mutating func backwardFilterPass() {
        calibration = [Float](repeating: 0, count: count * 6)
        variances = [Float](repeating: 0, count: count * 6)
        var filter = AttitudeFilter(settings: filterSettings)
        // Reversed time runs from the last finite timestamp; the gyroscope is negated, so the bias is too.
        var end = 0.0
        for i in stride(from: count - 1, through: 0, by: -1) where samples.time(i).isFinite {
            end = samples.time(i)
            break
        }
        for i in stride(from: count - 1, through: 0, by: -1) {
            let s = sample(i)
            _ = filter.update(
                IMUSample(
                    t: end - s.t, accelerometer: s.accelerometer, gyroscope: -s.gyroscope, magnetometer: s.magnetometer))
            let state = filter.state
            let bias = -state.gyroscopeBias, scale = state.gyroscopeScale
            let p = state.gyroscopeBiasCovariance, q = state.gyroscopeScaleCovariance
            let r = 6 * i
            calibration[r] = Float(bias.x)
            calibration[r + 1] = Float(bias.y)
            calibration[r + 2] = Float(bias.z)
            calibration[r + 3] = Float(scale.x)
            calibration[r + 4] = Float(scale.y)
            calibration[r + 5] = Float(scale.z)
            variances[r] = Float(p.row0.x)
            variances[r + 1] = Float(p.row1.y)
            variances[r + 2] = Float(p.row2.z)
            variances[r + 3] = Float(q.row0.x)
            variances[r + 4] = Float(q.row1.y)
            variances[r + 5] = Float(q.row2.z)
            if state.isMagneticallyDisturbed { flags[i].insert(.backwardMagneticDisturbance) }
            if state.isResting { flags[i].insert(.resting) }
        }
        if let rate = settings.filter.sampleRate, rate > 0 {
            samplePeriod = 1 / rate
        } else if filter.state.samplePeriod > 0 {
            samplePeriod = filter.state.samplePeriod
        }
    }

    mutating func forwardFilterPass() {
        gyroscopeAttitudes = [Quaternion](repeating: .identity, count: count)
        inertial = [Double](repeating: 0, count: count * 3)
        var filter = AttitudeFilter(settings: filterSettings)
        let lowPassCoefficients = ButterworthLowPass(
            timeConstant: settings.accelerometerTimeConstant, samplePeriod: samplePeriod)
        var lowPass = LowPassState<SIMD3<Double>>()
        var attitude = Quaternion.identity
        var lastTime: Double? = nil
        // Until a segment has a usable accelerometer sample, its inertial frame is taken as level.
        var lastInertial = SIMD3<Double>(0, 0, settings.filter.gravity)
        for i in 0..<count {
            let s = sample(i)
            let rejectedBefore = filter.state.rejectedSamples, restartsBefore = filter.state.gapRestarts
            _ = filter.update(s)
            let state = filter.state
            if state.rejectedSamples != rejectedBefore {
                flags[i].insert(.rejected)
                gyroscopeAttitudes[i] = attitude
                continue
            }
            if state.isMagneticallyDisturbed { flags[i].insert(.forwardMagneticDisturbance) }
            if state.isResting { flags[i].insert(.resting) }

            // Bias and scale: the forward and backward estimates weighted by the inverse of their variances.
            let p = state.gyroscopeBiasCovariance, q = state.gyroscopeScaleCovariance
            let bias = state.gyroscopeBias, scale = state.gyroscopeScale
            let forward = SIMD8<Double>(bias.x, bias.y, bias.z, scale.x, scale.y, scale.z, 0, 0)
            let forwardVariance = SIMD8<Double>(p.row0.x, p.row1.y, p.row2.z, q.row0.x, q.row1.y, q.row2.z, 0, 0)
            var combined = SIMD8<Double>()
            for k in 0..<6 {
                let backward = Double(calibration[6 * i + k]), backwardVariance = Double(variances[6 * i + k])
                let total = forwardVariance[k] + backwardVariance
                combined[k] = total > 0
                    ? (forward[k] * backwardVariance + backward * forwardVariance[k]) / total : forward[k]
                calibration[6 * i + k] = Float(combined[k])
            }

            // 2. Strapdown integration with the combined bias and scale.
            if let last = lastTime, state.gapRestarts == restartsBefore {
                let rate = (s.gyroscope - Vector3(combined[0], combined[1], combined[2]))
                    * Vector3(1 - combined[3], 1 - combined[4], 1 - combined[5])
                attitude = (attitude * Quaternion(rotationVector: rate * (s.t - last))).renormalized
            } else {
                flags[i].insert(.segmentStart)
                attitude = .identity
                lowPass = LowPassState()
            }
            lastTime = s.t
            gyroscopeAttitudes[i] = attitude

            // 3. The accelerometer in the almost-inertial frame, low-passed forwards.
            if AttitudeSmoother.isUsable(s.accelerometer, range: settings.filter.accelerometerRange) {
                flags[i].insert(.accelerometerValid)
                lastInertial = attitude.rotate(s.accelerometer).simd
            }
            let filtered = lowPass.step(lastInertial, lowPassCoefficients)
            inertial[3 * i] = filtered.x
            inertial[3 * i + 1] = filtered.y
            inertial[3 * i + 2] = filtered.z
            if let m = s.magnetometer, AttitudeSmoother.isUsable(m, range: settings.filter.magnetometerRange) {
                flags[i].insert(.magnetometerValid)
                hasMagnetometer = true
            }
        }
    }

    // MARK: - 3. Zero-phase low-pass

    mutating func backwardLowPass() {
        let coefficients = ButterworthLowPass(
            timeConstant: settings.accelerometerTimeConstant, samplePeriod: samplePeriod)
        var lowPass = LowPassState<SIMD3<Double>>()
        for i in stride(from: count - 1, through: 0, by: -1) {
            let filtered = lowPass.step(inertialAcceleration(i).simd, coefficients)
            inertial[3 * i] = filtered.x
            inertial[3 * i + 1] = filtered.y
            inertial[3 * i + 2] = filtered.z
            if flags[i].contains(.segmentStart) { lowPass = LowPassState() }
        }
    }

    /// One step of the inclination correction: turns `correction` by the smallest rotation that makes the low-passed
    /// inertial accelerometer point up (cumulative, so the correction's heading part stays continuous).
    @inline(__always)
    static func correct(_ correction: inout Quaternion, towards inertial: Vector3) {
        let tilted = correction.rotate(inertial)
        let norm = tilted.norm
        guard norm > 0, norm.isFinite else { return }
        let up = tilted / norm
        let w = ((up.z + 1) * 0.5).squareRoot()
        let step = w > 1e-6
            ? Quaternion(w: w, x: 0.5 * up.y / w, y: -0.5 * up.x / w, z: 0)
            : Quaternion(w: 0, x: 1, y: 0, z: 0)
        correction = (step * correction).normalized
    }

    // MARK: - 4. Heading

    func headingFilter() -> HeadingOffsetFilter {
        HeadingOffsetFilter(
            timeConstant: settings.magnetometerTimeConstant, period: samplePeriod,
            maximumRejectionTime: settings.filter.magneticMaximumRejectionTime,
            rejectionFactor: settings.filter.magneticRejectionFactor)
    }

    mutating func headingPasses() {
        headings = [Double](repeating: .nan, count: count)
        var filter = headingFilter()
        var correction = Quaternion.identity
        for i in 0..<count {
            if flags[i].contains(.rejected) {
                headings[i] = i > 0 ? headings[i - 1] : .nan
                continue
            }
            if flags[i].contains(.segmentStart) {
                correction = .identity
                filter = headingFilter()
            }
            Self.correct(&correction, towards: inertialAcceleration(i))
            var measured: Double? = nil
            if flags[i].contains(.magnetometerValid), let m = sample(i).magnetometer {
                let field = (correction * gyroscopeAttitudes[i]).rotate(m)
                measured = Elementary.atan2(field.x, field.y)
            }
            headings[i] = filter.step(measured, disturbed: flags[i].isMagneticallyDisturbed) ?? .nan
        }
        filter = headingFilter()
        for i in stride(from: count - 1, through: 0, by: -1) {
            let forward = headings[i]
            headings[i] = filter.step(forward.isNaN ? nil : forward, disturbed: flags[i].isMagneticallyDisturbed) ?? .nan
            if flags[i].contains(.segmentStart) { filter = headingFilter() }
        }
    }
}
