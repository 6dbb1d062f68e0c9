import MotionMath

/// The 6D/9D attitude filter: turns timestamped accelerometer, gyroscope and (optional) magnetometer samples into
/// attitude, gravity, user acceleration and gyroscope bias.
///
/// The design follows the ideas of VQF (D. Laidig, T. Seel, "VQF: Highly Accurate IMU Orientation Estimation with Bias
/// Estimation and Magnetic Disturbance Rejection", Information Fusion 91, 2023):
/// 1. the gyroscope is integrated into an almost-inertial frame, with the sample's own `dt`;
/// 2. the accelerometer is rotated into that frame and low-pass filtered there, where linear acceleration averages
///    out while gravity stays put; the inclination correction then makes that filtered vector point up;
/// 3. the gyroscope bias is estimated by a small Kalman filter, from the low-passed gyroscope at rest and from the
///    inclination corrections in motion;
/// 4. the heading is corrected by a first-order filter towards the magnetometer, which is ignored while its norm or
///    dip angle says that the field is disturbed.
/// What differs from VQF:
/// - only steps 1, the low-pass of step 2 and the output run on every sample; the inclination correction, rest
///   detection, bias estimation and the magnetometer run in a slow loop of at most `Settings.slowUpdateRate` (100 Hz),
///   with their filters and gains derived for its period — their inputs change over seconds;
/// - the Kalman filter estimates a scale-factor error per gyroscope axis along with the bias (state [b; s]; in
///   motion a scale error shows as a frame drift R·(s∘ω) next to VQF's R·b), with a tight 0.2 % prior;
/// - the first magnetic reference field may be learnt at rest, not only in rotation (`Settings.magneticRestReference`),
///   so that a disturbance that comes as the device starts to move is rejected rather than taken for the reference;
///   and the heading's fast start does not override an outright rejection;
/// - the attitude output can be led by `Settings.latencyCompensation` (off by default) of rotation to make up for a
///   measured sensor delay; gravity and user acceleration stay at the measurement time;
/// - `dt` comes from the timestamps (jitter and gaps handled; a gap longer than `Settings.maximumGap` restarts the
///   attitude but keeps the bias), the nominal rate is estimated, and bad samples are rejected;
/// - no trigonometry, square root or division on the per-sample path once the filter has converged (series and
///   Newton steps that are exact to double precision where they are used).
///
/// `update` reads as these steps; each lives in its own extension: the time base in `+Timing`, rest detection and the
/// inclination correction in `+Inclination`, the bias filter in `+Bias`, the heading in `+Magnetometer`.
///
/// Cost: no allocation, no existential; about 700 instructions per 6D sample (VQF's C++: about 2,900).
public struct AttitudeFilter: Sendable {
    /// The parameters (read-only after `init`; make a new filter to change them).
    public let settings: Settings
    /// The derived per-sample constants (re-derived when the estimated sample rate drifts).
    public internal(set) var coefficients: Coefficients
    /// What the filter knows now.
    public internal(set) var state: State

    /// A filter with the default settings. Its attitude starts from the first accelerometer sample.
    public init() {
        self.init(settings: Settings())
    }

    /// A filter with `settings`. Its attitude starts from the first accelerometer sample.
    public init(settings: Settings) {
        self.settings = settings
        let period = settings.sampleRate.map { 1 / $0 } ?? 0.01
        coefficients = Coefficients(settings: settings, samplePeriod: period)
        state = State(
            biasVariance: coefficients.biasP0, scaleVariance: coefficients.scaleP0,
            maximumRejectionTime: settings.magneticMaximumRejectionTime)
        if settings.sampleRate != nil { state.samplePeriod = period }
    }

    /// Forgets everything (attitude, bias, magnetic reference) and starts again from the next sample.
    public mutating func reset() {
        state = State(
            biasVariance: coefficients.biasP0, scaleVariance: coefficients.scaleP0,
            maximumRejectionTime: settings.magneticMaximumRejectionTime)
        if settings.sampleRate != nil { state.samplePeriod = coefficients.samplePeriod }
    }

    /// Feeds one sample and returns the estimate after it.
    ///
    /// A sample whose gyroscope is non-finite or saturated, or whose time does not increase, is rejected whole: the
    /// state is left alone and the previous attitude and gravity are returned with the sample's time, its rotation
    /// rate and user acceleration NaN (unknown). A non-finite, saturated or
    /// all-zero accelerometer (or magnetometer) is skipped on its own while the gyroscope is still integrated; that
    /// sample's user acceleration is NaN (unknown), never the −g a missing reading would give. Both are counted
    /// (`State.rejectedSamples`, `State.rejectedAccelerometerReadings`).
    public mutating func update(_ sample: IMUSample) -> MotionEstimate {
        // 1. Screen the sample and measure the time step.
        let gyroscope = sample.gyroscope
        guard sample.t.isFinite, gyroscope.isFinite, gyroscope.maxMagnitude < settings.gyroscopeRange else {
            return reject(sample)
        }
        var dt = 0.0
        if let last = state.lastTime {
            dt = sample.t - last
            guard dt > 0 else { return reject(sample) }
            if dt > settings.maximumGap {
                restartAfterGap()
                dt = 0
            } else {
                trackSamplePeriod(dt)
            }
        }
        let accelerometer = sample.accelerometer
        let accelerometerIsZero = accelerometer.x == 0 && accelerometer.y == 0 && accelerometer.z == 0
        let accelerometerIsValid = accelerometer.isFinite && accelerometer.maxMagnitude < settings.accelerometerRange
            && !accelerometerIsZero
        if accelerometerIsZero && gyroscope.x == 0 && gyroscope.y == 0 && gyroscope.z == 0 {
            // An all-zero sample is a driver's empty buffer, not a measurement.
            return reject(sample)
        }
        state.lastTime = sample.t
        state.lastGyroscope = gyroscope
        state.slowElapsed += dt
        state.magneticElapsed += dt
        state.slowCountdown -= 1
        state.magneticCountdown -= 1

        // 2. Strapdown integration of the bias-corrected rate over this sample's dt.
        if dt > 0 {
            let rate = (gyroscope - state.gyroscopeBias) * (Vector3(1, 1, 1) - state.gyroscopeScale)
            state.gyroscopeAttitude = (state.gyroscopeAttitude * Quaternion(rotationVector: rate * dt)).renormalized
        }

        // 3. The accelerometer, low-passed in the almost-inertial frame on every sample (that filter is what rejects
        //    linear acceleration, so it must see every sample). A rejected reading leaves user acceleration unknown.
        state.lastAccelerometer = accelerometerIsValid ? accelerometer : nil
        if !accelerometerIsValid { state.rejectedAccelerometerReadings += 1 }
        if accelerometerIsValid {
            let inertial = state.gyroscopeAttitude.rotate(accelerometer)
            _ = state.accelerometerLowPass.step(inertial.simd, coefficients.accelerometerLowPass)

            // 4. The slow loop (at most `slowUpdateRate`): inclination correction, rest detection and gyroscope bias.
            //    The low-passed vector changes over seconds, so correcting towards it on every sample of a fast IMU
            //    would buy nothing but time.
            if state.slowCountdown <= 0 {
                let elapsed = state.slowElapsed
                state.slowCountdown = coefficients.slowStride
                state.slowElapsed = 0
                let tilt = correctInclination()
                updateRestDetection(gyroscope: gyroscope, accelerometer: accelerometer, elapsed: elapsed)
                if settings.restBiasEstimation || settings.motionBiasEstimation {
                    state.inclinationAttitude = state.inclinationCorrection * state.gyroscopeAttitude
                    estimateBias(tilt: tilt, elapsed: elapsed)
                }
            }
        }
        state.inclinationAttitude = state.inclinationCorrection * state.gyroscopeAttitude

        // 5. Heading correction from the magnetometer, in the slow loop too (τ_mag is many seconds).
        if state.magneticCountdown <= 0, let magnetometer = sample.magnetometer, magnetometer.isFinite,
            magnetometer.maxMagnitude <= settings.magnetometerRange,
            magnetometer.x != 0 || magnetometer.y != 0 || magnetometer.z != 0
        {
            let elapsed = state.magneticElapsed > 0 ? state.magneticElapsed : coefficients.slowPeriod
            state.magneticCountdown = coefficients.slowStride
            state.magneticElapsed = 0
            correctHeading(magnetometer, elapsed: elapsed)
        }
        return Self.estimate(state, gravity: settings.gravity, latency: settings.latencyCompensation, t: sample.t)
    }

    /// The estimate from the current state, stamped `t`.
    public func estimate(t: Double) -> MotionEstimate {
        Self.estimate(state, gravity: settings.gravity, latency: settings.latencyCompensation, t: t)
    }

    /// `estimate(t:)` as a static function of the state, so that `update` does not copy the whole filter to call it.
    @inline(__always)
    static func estimate(_ state: borrowing State, gravity g: Double, latency: Double, t: Double) -> MotionEstimate {
        let inclination = state.inclinationAttitude
        // Gravity in the device frame is g times the third row of the attitude's rotation matrix.
        let gravity = Vector3(
            2 * (inclination.x * inclination.z - inclination.w * inclination.y),
            2 * (inclination.y * inclination.z + inclination.w * inclination.x),
            1 - 2 * (inclination.x * inclination.x + inclination.y * inclination.y)) * g
        var attitude = inclination
        if state.headingOffset != 0 {
            attitude = Quaternion(w: state.headingCos, x: 0, y: 0, z: state.headingSin) * inclination
        }
        if latency != 0 {
            let lead = Quaternion(rotationVector: state.rotationRate * latency)
            attitude = attitude * lead
        }
        return MotionEstimate(
            t: t,
            attitude: attitude,
            rotationRate: state.rotationRate,
            gravity: gravity,
            userAcceleration: (state.lastAccelerometer ?? Vector3(.nan, .nan, .nan)) - gravity,
            gyroBias: state.gyroscopeBias,
            isResting: state.isResting,
            isMagneticallyDisturbed: state.isMagneticallyDisturbed)
    }
}
