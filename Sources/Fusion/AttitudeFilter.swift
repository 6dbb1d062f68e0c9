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
/// On top of that it re-initialises after long gaps, estimates its sample rate, and rejects bad samples.
///
/// Cost: no allocation, no existential, a few hundred floating-point operations per sample.
public struct AttitudeFilter: Sendable {
    /// The parameters (read-only after `init`; make a new filter to change them).
    public let settings: Settings
    /// The derived per-sample constants (re-derived when the estimated sample rate drifts).
    public private(set) var coefficients: Coefficients
    /// What the filter knows now.
    public private(set) var state: State

    /// A filter with `settings`. Its attitude starts from the first accelerometer sample.
    public init(settings: Settings = Settings()) {
        self.settings = settings
        let period = settings.sampleRate.map { 1 / $0 } ?? 0.01
        coefficients = Coefficients(settings: settings, samplePeriod: period)
        state = State(biasVariance: coefficients.biasP0, maximumRejectionTime: settings.magneticMaximumRejectionTime)
        if settings.sampleRate != nil { state.samplePeriod = period }
    }

    /// Forgets everything (attitude, bias, magnetic reference) and starts again from the next sample.
    public mutating func reset() {
        state = State(biasVariance: coefficients.biasP0, maximumRejectionTime: settings.magneticMaximumRejectionTime)
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
        let accelerometerIsValid = accelerometer.isFinite && accelerometer.maxMagnitude < settings.accelerometerRange
            && accelerometer != .zero
        if !accelerometerIsValid && accelerometer == .zero && gyroscope == .zero {
            // An all-zero sample is a driver's empty buffer, not a measurement.
            return reject(sample)
        }
        state.lastTime = sample.t
        state.lastGyroscope = gyroscope

        // 2. Rest detection, gyroscope half: the rate must stay near its own low-pass and near zero.
        updateRestDetection(gyroscope: gyroscope)

        // 3. Strapdown integration of the bias-corrected rate over this sample's dt.
        if dt > 0 {
            let rate = gyroscope - state.gyroscopeBias
            state.gyroscopeAttitude = (state.gyroscopeAttitude * Quaternion(rotationVector: rate * dt)).normalized
        }

        // 4. Inclination correction and bias estimation from the accelerometer.
        if accelerometerIsValid {
            state.lastAccelerometer = accelerometer
            updateRestDetection(accelerometer: accelerometer, dt: dt)
            correctInclination(accelerometer, dt: dt)
        }

        // 5. Heading correction from the magnetometer.
        if let magnetometer = sample.magnetometer, magnetometer.isFinite, magnetometer != .zero {
            correctHeading(magnetometer, dt: dt)
        }
        return estimate(t: sample.t)
    }

    /// The estimate from the current state, stamped `t`.
    public func estimate(t: Double) -> MotionEstimate {
        let inclination = state.inclinationAttitude
        let gravity = inclination.inverseRotate(Vector3(0, 0, settings.gravity))
        let (s, c) = Elementary.sincos(0.5 * state.headingOffset)
        let attitude = Quaternion(w: c, x: 0, y: 0, z: s) * inclination
        return MotionEstimate(
            t: t,
            attitude: attitude,
            rotationRate: state.lastGyroscope - state.gyroscopeBias,
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
        var fresh = State(biasVariance: coefficients.biasP0, maximumRejectionTime: settings.magneticMaximumRejectionTime)
        fresh.gyroscopeBias = state.gyroscopeBias
        fresh.gyroscopeBiasCovariance = state.gyroscopeBiasCovariance
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
    mutating func trackSamplePeriod(_ dt: Double) {
        guard settings.sampleRate == nil else { return }
        if state.periodSamples > 0 {
            guard dt < 3 * state.samplePeriod, dt > state.samplePeriod / 3 else { return }
        }
        state.periodSamples += 1
        state.samplePeriod += (dt - state.samplePeriod) * Swift.max(1 / state.periodSamples, 0.005)
        if Swift.abs(state.samplePeriod - coefficients.samplePeriod) > 0.02 * coefficients.samplePeriod {
            let old = coefficients
            coefficients = Coefficients(settings: settings, samplePeriod: state.samplePeriod)
            state.accelerometerLowPass.adapt(from: old.accelerometerLowPass, to: coefficients.accelerometerLowPass)
            state.rotationLowPass0.adapt(from: old.accelerometerLowPass, to: coefficients.accelerometerLowPass)
            state.rotationLowPass1.adapt(from: old.accelerometerLowPass, to: coefficients.accelerometerLowPass)
            state.rotationLowPass2.adapt(from: old.accelerometerLowPass, to: coefficients.accelerometerLowPass)
            state.rotatedBiasLowPass.adapt(from: old.accelerometerLowPass, to: coefficients.accelerometerLowPass)
            state.restGyroscopeLowPass.adapt(from: old.restLowPass, to: coefficients.restLowPass)
            state.restAccelerometerLowPass.adapt(from: old.restLowPass, to: coefficients.restLowPass)
            state.magneticLowPass.adapt(from: old.magneticLowPass, to: coefficients.magneticLowPass)
        }
    }

    mutating func updateRestDetection(gyroscope: Vector3) {
        guard settings.restBiasEstimation || settings.magneticDisturbanceRejection else { return }
        let lowPass = Vector3(state.restGyroscopeLowPass.step(gyroscope.simd, coefficients.restLowPass))
        let deviation = (gyroscope - lowPass).squaredNorm
        let threshold = settings.restGyroscopeThreshold
        if deviation >= threshold * threshold || lowPass.maxMagnitude > settings.biasLimit {
            state.restDuration = 0
            state.isResting = false
        }
    }

    mutating func updateRestDetection(accelerometer: Vector3, dt: Double) {
        guard settings.restBiasEstimation else { return }
        let lowPass = Vector3(state.restAccelerometerLowPass.step(accelerometer.simd, coefficients.restLowPass))
        let deviation = (accelerometer - lowPass).squaredNorm
        let threshold = settings.restAccelerometerThreshold
        if deviation >= threshold * threshold {
            state.restDuration = 0
            state.isResting = false
        } else {
            state.restDuration += dt
            if state.restDuration >= settings.restMinimumDuration { state.isResting = true }
        }
    }

    /// Low-passes the accelerometer in the almost-inertial frame, turns the inclination correction so that the result
    /// points up, and feeds the bias estimator.
    mutating func correctInclination(_ accelerometer: Vector3, dt: Double) {
        let inertial = state.gyroscopeAttitude.rotate(accelerometer)
        let filtered = Vector3(state.accelerometerLowPass.step(inertial.simd, coefficients.accelerometerLowPass))
        let up = state.inclinationCorrection.rotate(filtered).normalized

        // The smallest rotation that takes `up` onto (0, 0, 1); its axis is horizontal.
        let w = ((up.z + 1) * 0.5).squareRoot()
        let correction = w > 1e-6
            ? Quaternion(w: w, x: 0.5 * up.y / w, y: -0.5 * up.x / w, z: 0)
            : Quaternion(w: 0, x: 1, y: 0, z: 0)
        state.inclinationCorrection = (correction * state.inclinationCorrection).normalized

        if settings.restBiasEstimation || settings.motionBiasEstimation {
            estimateBias(up: up, dt: dt)
        }
    }

    /// One Kalman-filter step for the gyroscope bias b (3 states, random walk).
    ///
    /// At rest the measurement is the low-passed gyroscope (H = I). In motion it is the inclination correction as an
    /// angular rate in the gravity-aligned frame: with R the device → frame rotation, a residual bias makes the frame
    /// drift at R·b, which the correction undoes; low-passing R and R·b̂ with the accelerometer's filter puts both on
    /// the same time base as the correction (H = low-passed R; only its horizontal rows are observed, the vertical one
    /// is a weak pull towards zero).
    mutating func estimateBias(up: Vector3, dt: Double) {
        let rotation = state.inclinationAttitude.rotationMatrix
        let bias = state.gyroscopeBias
        let rotatedBias = rotation * bias
        let filter = coefficients.accelerometerLowPass
        let r0 = state.rotationLowPass0.step(rotation.row0, filter)
        let r1 = state.rotationLowPass1.step(rotation.row1, filter)
        let r2 = state.rotationLowPass2.step(rotation.row2, filter)
        let filteredBias = state.rotatedBiasLowPass.step(SIMD2(rotatedBias.x, rotatedBias.y), filter)

        // Prediction: the bias may wander; its variance grows up to the initial one.
        var p = state.gyroscopeBiasCovariance
        let v = coefficients.biasProcessNoise
        if p.row0.x < coefficients.biasP0 { p.row0.x += v }
        if p.row1.y < coefficients.biasP0 { p.row1.y += v }
        if p.row2.z < coefficients.biasP0 { p.row2.z += v }

        let h: Matrix3
        var error: Vector3
        let noise: Vector3
        if state.isResting && settings.restBiasEstimation {
            h = .identity
            error = Vector3(state.restGyroscopeLowPass.output) - bias
            noise = Vector3(repeating: coefficients.biasRestNoise)
        } else if settings.motionBiasEstimation && dt > 0 && state.accelerometerLowPass.isRunning {
            h = Matrix3(r0, r1, r2)
            let predicted = h * bias
            error = Vector3(
                -up.y / dt + filteredBias.x - predicted.x,
                up.x / dt + filteredBias.y - predicted.y,
                -predicted.z)
            noise = Vector3(coefficients.biasMotionNoise, coefficients.biasMotionNoise, coefficients.biasVerticalNoise)
        } else {
            state.gyroscopeBiasCovariance = p
            return
        }

        // Update: K = P Hᵀ (H P Hᵀ + W)⁻¹; b += K·e; P −= K H P.
        let limit = settings.biasLimit
        error = Vector3(error.simd.clamped(lowerBound: SIMD3(repeating: -limit), upperBound: SIMD3(repeating: limit)))
        let pht = p * h.transposed
        var s = h * pht
        s.row0.x += noise.x
        s.row1.y += noise.y
        s.row2.z += noise.z
        guard let sInverse = s.inverse else {
            state.gyroscopeBiasCovariance = p
            return
        }
        let gain = pht * sInverse
        let newBias = bias + gain * error
        p = p - gain * (h * p)
        state.gyroscopeBiasCovariance = p
        state.gyroscopeBias = Vector3(
            newBias.simd.clamped(lowerBound: SIMD3(repeating: -limit), upperBound: SIMD3(repeating: limit)))
    }

    /// Updates the magnetic disturbance detector and turns the heading towards the magnetometer.
    mutating func correctHeading(_ magnetometer: Vector3, dt: Double) {
        let field = state.inclinationAttitude.rotate(magnetometer)
        let step = dt > 0 ? dt : coefficients.samplePeriod

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
        state.headingOffset = Self.wrap(state.headingOffset + gain * disagreement)
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
