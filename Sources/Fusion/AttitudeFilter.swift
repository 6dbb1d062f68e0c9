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
/// - the attitude output can be led by `Settings.latencyCompensation` (off by default) of rotation to make up for a
///   measured sensor delay; gravity and user acceleration stay at the measurement time;
/// - `dt` comes from the timestamps (jitter and gaps handled; a gap longer than `Settings.maximumGap` restarts the
///   attitude but keeps the bias), the nominal rate is estimated, and bad samples are rejected;
/// - no trigonometry, square root or division on the per-sample path once the filter has converged (series and
///   Newton steps that are exact to double precision where they are used).
///
/// Cost: no allocation, no existential; about 700 instructions per 6D sample (VQF's C++: about 2,900).
public struct AttitudeFilter: Sendable {
    /// The parameters (read-only after `init`; make a new filter to change them).
    public let settings: Settings
    /// The derived per-sample constants (re-derived when the estimated sample rate drifts).
    public private(set) var coefficients: Coefficients
    /// What the filter knows now.
    public private(set) var state: State

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
    /// state is left alone and the previous estimate is returned with the sample's time. A non-finite, saturated or
    /// all-zero accelerometer (or magnetometer) is skipped on its own while the gyroscope is still integrated.
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
        //    linear acceleration, so it must see every sample).
        if accelerometerIsValid {
            state.lastAccelerometer = accelerometer
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
            userAcceleration: state.lastAccelerometer - gravity,
            gyroBias: state.gyroscopeBias,
            isResting: state.isResting,
            isMagneticallyDisturbed: state.isMagneticallyDisturbed)
    }

    // MARK: - Steps

    mutating func reject(_ sample: IMUSample) -> MotionEstimate {
        state.rejectedSamples += 1
        return estimate(t: sample.t.isFinite ? sample.t : (state.lastTime ?? 0))
    }

    /// After a long gap the attitude cannot be propagated: start it again from the accelerometer (and the heading
    /// from the magnetometer), but keep what stays true across a gap — the bias, the magnetic reference, the rate.
    mutating func restartAfterGap() {
        var fresh = State(
            biasVariance: coefficients.biasP0, scaleVariance: coefficients.scaleP0,
            maximumRejectionTime: settings.magneticMaximumRejectionTime)
        fresh.gyroscopeBias = state.gyroscopeBias
        fresh.gyroscopeBiasCovariance = state.gyroscopeBiasCovariance
        fresh.gyroscopeScale = state.gyroscopeScale
        fresh.gyroscopeScaleCovariance = state.gyroscopeScaleCovariance
        fresh.biasScaleCovariance = state.biasScaleCovariance
        fresh.magneticReferenceNorm = state.magneticReferenceNorm
        fresh.magneticReferenceDip = state.magneticReferenceDip
        fresh.magneticRejectionTime = state.magneticRejectionTime
        fresh.samplePeriod = state.samplePeriod
        fresh.periodSamples = state.periodSamples
        fresh.rejectedSamples = state.rejectedSamples
        fresh.gapRestarts = state.gapRestarts + 1
        state = fresh
    }

    /// Learns the nominal sample period from the time steps (a running mean, then an average over ~200 samples that
    /// ignores outliers) and re-derives the coefficients when it has drifted by more than 2 %.
    @inline(__always)
    mutating func trackSamplePeriod(_ dt: Double) {
        guard settings.sampleRate == nil else { return }
        if state.periodSamples > 0 {
            guard dt < 3 * state.samplePeriod, 3 * dt > state.samplePeriod else { return }
        }
        // A running mean for the first 200 steps, then an exponential average over about 200 steps.
        if state.periodSamples < 200 {
            state.periodSamples += 1
            state.samplePeriod += (dt - state.samplePeriod) / state.periodSamples
        } else {
            state.samplePeriod += (dt - state.samplePeriod) * 0.005
        }
        if Swift.abs(state.samplePeriod - coefficients.samplePeriod) > 0.02 * coefficients.samplePeriod {
            rederiveCoefficients()
        }
    }

    /// New coefficients for the estimated sample period; the filters' states move over without a jump.
    mutating func rederiveCoefficients() {
        let old = coefficients
        coefficients = Coefficients(settings: settings, samplePeriod: state.samplePeriod)
        state.accelerometerLowPass.adapt(from: old.accelerometerLowPass, to: coefficients.accelerometerLowPass)
        state.rotationLowPass0.adapt(from: old.slowLowPass, to: coefficients.slowLowPass)
        state.rotationLowPass1.adapt(from: old.slowLowPass, to: coefficients.slowLowPass)
        state.rotationLowPass2.adapt(from: old.slowLowPass, to: coefficients.slowLowPass)
        state.rotatedBiasLowPass.adapt(from: old.slowLowPass, to: coefficients.slowLowPass)
        state.rateRotationLowPass2.adapt(from: old.slowLowPass, to: coefficients.slowLowPass)
        state.rateRotationLowPass1.adapt(from: old.slowLowPass, to: coefficients.slowLowPass)
        state.rateRotationLowPass0.adapt(from: old.slowLowPass, to: coefficients.slowLowPass)
        state.restGyroscopeLowPass.adapt(from: old.restLowPass, to: coefficients.restLowPass)
        state.restAccelerometerLowPass.adapt(from: old.restLowPass, to: coefficients.restLowPass)
        state.magneticLowPass.adapt(from: old.magneticLowPass, to: coefficients.magneticLowPass)
    }

    /// Rest: gyroscope and accelerometer stay near their own low-passes (and the rate near zero) for a while.
    mutating func updateRestDetection(gyroscope: Vector3, accelerometer: Vector3, elapsed: Double) {
        guard settings.restBiasEstimation || settings.magneticDisturbanceRejection else { return }
        let gyroscopeLowPass = Vector3(state.restGyroscopeLowPass.step(gyroscope.simd, coefficients.restLowPass))
        let gyroscopeDeviation = (gyroscope - gyroscopeLowPass).squaredNorm
        let gyroscopeThreshold = settings.restGyroscopeThreshold
        let accelerometerLowPass = Vector3(
            state.restAccelerometerLowPass.step(accelerometer.simd, coefficients.restLowPass))
        let accelerometerDeviation = (accelerometer - accelerometerLowPass).squaredNorm
        let accelerometerThreshold = settings.restAccelerometerThreshold
        if gyroscopeDeviation >= gyroscopeThreshold * gyroscopeThreshold
            || gyroscopeLowPass.maxMagnitude > settings.biasLimit
            || accelerometerDeviation >= accelerometerThreshold * accelerometerThreshold
        {
            state.restDuration = 0
            state.isResting = false
        } else {
            state.restDuration += elapsed
            if state.restDuration >= settings.restMinimumDuration { state.isResting = true }
        }
    }

    /// Turns the inclination correction so that the low-passed accelerometer points up. Returns that vector in the
    /// gravity-aligned frame before the correction (its horizontal part is the correction the bias estimator learns
    /// from).
    mutating func correctInclination() -> Vector3 {
        let tilted = state.inclinationCorrection.rotate(Vector3(state.accelerometerLowPass.output))

        // The smallest rotation that takes `tilted` onto +z; its axis is horizontal. After the first samples it is a
        // tiny angle θ, where (1, y/2z, −x/2z, 0) renormalised is exact to O(θ³) and needs neither root nor second
        // division; large corrections take the exact half-angle formula.
        let horizontal = Swift.abs(tilted.x) + Swift.abs(tilted.y)
        if tilted.z > 0 && horizontal < 1e-3 * tilted.z {
            let k = 0.5 / tilted.z
            let x = k * tilted.y, y = -k * tilted.x
            // 1/√(1 + r) to O(r³), r ≤ 2.5e-7: the correction is unit to rounding, and so is the product.
            let r = x * x + y * y
            let s = 1 - r * (0.5 - 0.375 * r)
            let correction = Quaternion(w: s, x: s * x, y: s * y, z: 0)
            state.inclinationCorrection = (correction * state.inclinationCorrection).renormalized
        } else {
            let up = tilted.normalized
            let w = ((up.z + 1) * 0.5).squareRoot()
            let correction: Quaternion
            if w > 1e-6 {
                let k = 0.5 / w
                correction = Quaternion(w: w, x: k * up.y, y: -k * up.x, z: 0)
            } else {
                correction = Quaternion(w: 0, x: 1, y: 0, z: 0)
            }
            state.inclinationCorrection = (correction * state.inclinationCorrection).normalized
        }

        return tilted
    }

    /// One Kalman-filter step for the gyroscope bias b (3 states, random walk).
    ///
    /// At rest the measurement is the low-passed gyroscope (H = I). In motion it is the inclination correction as an
    /// angular rate in the gravity-aligned frame: with R the device → frame rotation, a residual bias makes the frame
    /// drift at R·b, which the correction undoes; low-passing R and R·b̂ with the accelerometer's filter puts both on
    /// the same time base as the correction (H = low-passed R; only its horizontal rows are observed, the vertical one
    /// is a weak pull towards zero).
    mutating func estimateBias(tilt: Vector3, elapsed dt: Double) {
        let up = tilt.normalized
        let rotation = state.inclinationAttitude.rotationMatrix
        let bias = state.gyroscopeBias, scale = state.gyroscopeScale
        let rate = state.lastGyroscope.simd
        // R·diag(ω): how a scale-factor error s shows in the frame, R·(s∘ω).
        let rateRotation = Matrix3(rotation.row0 * rate, rotation.row1 * rate, rotation.row2 * rate)
        let rotatedBias = rotation * bias + rateRotation * scale
        let filter = coefficients.slowLowPass
        let r0 = state.rotationLowPass0.step(rotation.row0, filter)
        let r1 = state.rotationLowPass1.step(rotation.row1, filter)
        let r2 = state.rotationLowPass2.step(rotation.row2, filter)
        let d0 = state.rateRotationLowPass0.step(rateRotation.row0, filter)
        let d1 = state.rateRotationLowPass1.step(rateRotation.row1, filter)
        let d2 = state.rateRotationLowPass2.step(rateRotation.row2, filter)
        let filteredBias = state.rotatedBiasLowPass.step(SIMD2(rotatedBias.x, rotatedBias.y), filter)

        // Prediction: bias and scale may wander; their variances grow up to the initial ones.
        var p = state.gyroscopeBiasCovariance
        var pbs = state.biasScaleCovariance
        var pss = state.gyroscopeScaleCovariance
        let v = coefficients.biasProcessNoise
        if p.row0.x < coefficients.biasP0 { p.row0.x += v }
        if p.row1.y < coefficients.biasP0 { p.row1.y += v }
        if p.row2.z < coefficients.biasP0 { p.row2.z += v }
        let vs = coefficients.scaleProcessNoise
        if pss.row0.x < coefficients.scaleP0 { pss.row0.x += vs }
        if pss.row1.y < coefficients.scaleP0 { pss.row1.y += vs }
        if pss.row2.z < coefficients.scaleP0 { pss.row2.z += vs }

        // Measurement y = A·b + B·s with A = low-passed R and B = low-passed R·diag(ω).
        let a: Matrix3, b: Matrix3
        var error: Vector3
        let noise: Vector3
        if state.isResting && settings.restBiasEstimation {
            a = .identity
            b = .zero
            error = Vector3(state.restGyroscopeLowPass.output) - bias
            noise = Vector3(repeating: coefficients.biasRestNoise)
        } else if settings.motionBiasEstimation && dt > 0 && state.accelerometerLowPass.isRunning {
            a = Matrix3(r0, r1, r2)
            b = settings.scaleEstimation ? Matrix3(d0, d1, d2) : .zero
            let predicted = a * bias + b * scale
            error = Vector3(
                -up.y / dt + filteredBias.x - predicted.x,
                up.x / dt + filteredBias.y - predicted.y,
                -predicted.z)
            noise = Vector3(coefficients.biasMotionNoise, coefficients.biasMotionNoise, coefficients.biasVerticalNoise)
        } else {
            state.gyroscopeBiasCovariance = p
            state.gyroscopeScaleCovariance = pss
            return
        }

        // Update with P = [[Pbb, Pbs], [Pbsᵀ, Pss]] and H = [A, B], in 3×3 blocks:
        // P Hᵀ = [U; V], S = H P Hᵀ + W = A U + B V + W, K = [U; V] S⁻¹, x += K e, P −= K (P Hᵀ)ᵀ.
        let limit = settings.biasLimit
        error = error.clamped(magnitude: limit)
        let u = p * a.transposed + pbs * b.transposed
        let w = pbs.transposed * a.transposed + pss * b.transposed
        var s = a * u + b * w
        s.row0.x += noise.x
        s.row1.y += noise.y
        s.row2.z += noise.z
        guard let sInverse = s.inverse else {
            state.gyroscopeBiasCovariance = p
            state.gyroscopeScaleCovariance = pss
            return
        }
        let gainBias = u * sInverse, gainScale = w * sInverse
        state.gyroscopeBias = (bias + gainBias * error).clamped(magnitude: limit)
        p = p - gainBias * u.transposed
        pbs = pbs - gainBias * w.transposed
        pss = pss - gainScale * w.transposed
        state.gyroscopeBiasCovariance = p
        state.biasScaleCovariance = pbs
        state.gyroscopeScaleCovariance = pss
        if settings.scaleEstimation {
            state.gyroscopeScale = (scale + gainScale * error).clamped(magnitude: settings.scaleLimit)
        }
    }


    /// Updates the magnetic disturbance detector and turns the heading towards the magnetometer.
    mutating func correctHeading(_ magnetometer: Vector3, elapsed step: Double) {
        let field = state.inclinationAttitude.rotate(magnetometer)

        if settings.magneticDisturbanceRejection {
            let norm = field.norm
            let dip = -Elementary.asin(Swift.max(-1, Swift.min(1, field.z / norm)))
            let current = state.magneticLowPass.step(SIMD2(norm, dip), coefficients.magneticLowPass)
            detectMagneticDisturbance(norm: current.x, dip: current.y, step: step)
        }

        // Heading disagreement: the rotation about z that would make the field point north (+y), minus the current.
        var disagreement = Elementary.atan2(field.x, field.y) - state.headingOffset
        disagreement = Self.wrap(disagreement)

        var gain = coefficients.magneticGain
        if settings.magneticDisturbanceRejection {
            if state.isMagneticallyDisturbed {
                if state.magneticRejectionTime <= settings.magneticMaximumRejectionTime {
                    state.magneticRejectionTime += step
                    gain = 0
                } else {
                    gain /= settings.magneticRejectionFactor
                }
            } else {
                state.magneticRejectionTime = Swift.max(
                    state.magneticRejectionTime - settings.magneticRejectionFactor * step, 0)
            }
        }

        // Fast start: at least 1/N for the N-th sample until the time constant is reached.
        if state.magneticInitialGain != 0 {
            gain = Swift.max(gain, state.magneticInitialGain)
            state.magneticInitialGain /= state.magneticInitialGain + 1
            if state.magneticInitialGain * settings.magnetometerTimeConstant < step { state.magneticInitialGain = 0 }
        }
        let change = gain * disagreement
        guard change != 0 else { return }
        let heading = state.headingOffset + change
        state.headingOffset = Self.wrap(heading)
        if Swift.abs(change) < 0.05 && heading == state.headingOffset {
            // Turn the stored half-angle sine and cosine by change/2 (series, exact to double precision there).
            let h = 0.5 * change, h2 = h * h
            let sh = h * (1 - h2 * (1.0 / 6 - h2 * (1.0 / 120)))
            let ch = 1 - h2 * (0.5 - h2 * (1.0 / 24 - h2 * (1.0 / 720)))
            let sin = state.headingSin * ch + state.headingCos * sh
            let cos = state.headingCos * ch - state.headingSin * sh
            let renormalize = 0.5 * (3 - (sin * sin + cos * cos))
            state.headingSin = sin * renormalize
            state.headingCos = cos * renormalize
        } else {
            (state.headingSin, state.headingCos) = Elementary.sincos(0.5 * state.headingOffset)
        }
    }

    mutating func detectMagneticDisturbance(norm: Double, dip: Double, step: Double) {
        let dipThreshold = settings.magneticDipThreshold
        let normThreshold = settings.magneticNormThreshold
        let referenceGain = coefficients.magneticReferenceGain

        if Swift.abs(norm - state.magneticReferenceNorm) < normThreshold * state.magneticReferenceNorm
            && Swift.abs(dip - state.magneticReferenceDip) < dipThreshold
        {
            state.magneticUndisturbedTime += step
            if state.magneticUndisturbedTime >= settings.magneticMinimumUndisturbedTime {
                state.isMagneticallyDisturbed = false
                state.magneticReferenceNorm += referenceGain * (norm - state.magneticReferenceNorm)
                state.magneticReferenceDip += referenceGain * (dip - state.magneticReferenceDip)
            }
        } else {
            state.magneticUndisturbedTime = 0
            state.isMagneticallyDisturbed = true
        }

        // A new field that stays stable while the device turns becomes the reference (a new room, a new car).
        if Swift.abs(norm - state.magneticCandidateNorm) < normThreshold * state.magneticCandidateNorm
            && Swift.abs(dip - state.magneticCandidateDip) < dipThreshold
        {
            if Vector3(state.restGyroscopeLowPass.output).norm >= settings.magneticNewFieldMinimumRotation {
                state.magneticCandidateTime += step
            }
            state.magneticCandidateNorm += referenceGain * (norm - state.magneticCandidateNorm)
            state.magneticCandidateDip += referenceGain * (dip - state.magneticCandidateDip)
            if state.isMagneticallyDisturbed
                && (state.magneticCandidateTime >= settings.magneticNewFieldTime
                    || (state.magneticReferenceNorm == 0
                        && state.magneticCandidateTime >= settings.magneticNewFieldFirstTime))
            {
                state.magneticReferenceNorm = state.magneticCandidateNorm
                state.magneticReferenceDip = state.magneticCandidateDip
                state.isMagneticallyDisturbed = false
                state.magneticUndisturbedTime = settings.magneticMinimumUndisturbedTime
            }
        } else {
            state.magneticCandidateTime = 0
            state.magneticCandidateNorm = norm
            state.magneticCandidateDip = dip
        }
    }

    /// The angle wrapped into [-π, π].
    @inline(__always)
    static func wrap(_ angle: Double) -> Double {
        if angle > Double.pi { return angle - 2 * Double.pi }
        if angle < -Double.pi { return angle + 2 * Double.pi }
        return angle
    }
}
