import MotionMath

/// Step 4 of `update`, the slow loop's accelerometer side: rest detection and the inclination correction that makes
/// the low-passed accelerometer in the almost-inertial frame point up.
extension AttitudeFilter {
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
}
