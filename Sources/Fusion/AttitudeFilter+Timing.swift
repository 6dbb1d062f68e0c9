import MotionMath

/// Step 1 of `update`: the time base. Rejected samples, the restart after a gap, and the sample period learnt from
/// the time steps (with the coefficients re-derived when it drifts).
extension AttitudeFilter {

    /// Counts a sample rejected whole and answers the held attitude and gravity with this sample's time; its rotation
    /// rate and user acceleration, which would be measurements, are unknown (NaN) rather than the previous ones.
    mutating func reject(_ sample: IMUSample) -> MotionEstimate {
        state.rejectedSamples += 1
        var held = estimate(t: sample.t.isFinite ? sample.t : (state.lastTime ?? 0))
        held.rotationRate = Vector3(.nan, .nan, .nan)
        held.userAcceleration = Vector3(.nan, .nan, .nan)
        return held
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
        fresh.rejectedAccelerometerReadings = state.rejectedAccelerometerReadings
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
}
