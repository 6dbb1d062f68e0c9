import MotionMath

/// Step 4 of `update`, the slow loop's gyroscope side: the Kalman filter of gyroscope bias and scale, from the
/// low-passed rate at rest and from the inclination corrections in motion.
extension AttitudeFilter {
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
}
