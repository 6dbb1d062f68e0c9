import MotionMath

extension SmootherPasses {
    /// The last pass: the estimates in order (the inclination correction of step 3 is recomputed as it goes rather
    /// than stored, which saves 32 bytes per sample).
    func emit(_ body: (MotionEstimate) throws -> Void) rethrows {
        let g = settings.filter.gravity
        let latency = settings.filter.latencyCompensation
        var correction = Quaternion.identity
        let unknown = Vector3(.nan, .nan, .nan)
        var previous = MotionEstimate(
            t: 0, attitude: .identity, rotationRate: .zero, gravity: Vector3(0, 0, g),
            userAcceleration: unknown, gyroBias: .zero, isResting: false, isMagneticallyDisturbed: true)
        for i in 0..<count {
            let s = sample(i)
            let flags = flags[i]
            if flags.contains(.rejected) {
                // As the online filter does: the previous attitude and gravity, stamped with this sample's time; no
                // rotation rate or user acceleration (the sample's measurements were unusable).
                if s.t.isFinite { previous.t = s.t }
                var held = previous
                held.rotationRate = unknown
                held.userAcceleration = unknown
                try body(held)
                continue
            }
            if flags.contains(.segmentStart) { correction = .identity }
            Self.correct(&correction, towards: inertialAcceleration(i))
            let inclination = correction * gyroscopeAttitudes[i]
            let r = 6 * i
            let bias = Vector3(Double(calibration[r]), Double(calibration[r + 1]), Double(calibration[r + 2]))
            let scale = Vector3(Double(calibration[r + 3]), Double(calibration[r + 4]), Double(calibration[r + 5]))
            let rotationRate = (s.gyroscope - bias) * (Vector3(1, 1, 1) - scale)
            var attitude = inclination
            if hasMagnetometer, headings[i].isFinite {
                let (sin, cos) = Elementary.sincos(0.5 * headings[i])
                attitude = Quaternion(w: cos, x: 0, y: 0, z: sin) * inclination
            }
            // As in the online filter: the attitude led by a measured sensor delay (off by default).
            if latency != 0 { attitude = attitude * Quaternion(rotationVector: rotationRate * latency) }
            // A rejected accelerometer reading leaves user acceleration unknown (as in the online filter).
            let accelerometer = flags.contains(.accelerometerValid) ? s.accelerometer : unknown
            let gravity = inclination.inverseRotate(Vector3(0, 0, g))
            previous = MotionEstimate(
                t: s.t, attitude: attitude, rotationRate: rotationRate,
                gravity: gravity, userAcceleration: accelerometer - gravity, gyroBias: bias,
                isResting: flags.contains(.resting), isMagneticallyDisturbed: flags.isMagneticallyDisturbed)
            try body(previous)
        }
    }
}
