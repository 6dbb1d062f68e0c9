import MotionMath

/// Step 5 of `update`: the heading correction towards the magnetometer, and the detection of a disturbed field (norm
/// or dip away from the learnt reference) that suspends it.
extension AttitudeFilter {
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

        // Fast start: at least 1/N for the N-th sample until the time constant is reached — but not while the field
        // is rejected outright (VQF's fast start overrides the rejection; with a long time constant it lasts long
        // enough to average a disturbance in, as `HeadingOffsetFilter` explains).
        if state.magneticInitialGain != 0 && gain != 0 {
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
            // A field that stays put while the device turns is the earth's (a magnet close by would change it); the
            // first one may also be taken at rest, where nothing better is known and the field is at its steadiest.
            if Vector3(state.restGyroscopeLowPass.output).norm >= settings.magneticNewFieldMinimumRotation
                || (settings.magneticRestReference && state.isResting && state.magneticReferenceNorm == 0)
            {
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
