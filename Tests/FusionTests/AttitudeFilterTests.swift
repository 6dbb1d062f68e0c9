import Foundation
import MotionMath
import Testing

@testable import Fusion

@Suite("AttitudeFilter: inclination, rotation, bias, timing")
struct AttitudeFilterTests {
    /// Axis-aligned orientations (flat, on every edge, upside down) and some arbitrary ones.
    static let orientations: [Quaternion] = {
        let x = Vector3(1, 0, 0), y = Vector3(0, 1, 0), z = Vector3(0, 0, 1)
        func r(_ axis: Vector3, _ angle: Double) -> Quaternion { Quaternion(axis: axis, angle: angle * degree) }
        return [
            .identity, r(x, 90), r(x, -90), r(y, 90), r(y, -90), r(x, 180), r(y, 180) * r(z, 90),
            r(x, 30) * r(y, 45), r(z, 120) * r(x, -60) * r(y, 20), r(z, -45) * r(y, 135), r(x, 179.9),
            r(Vector3(1, 1, 0), 180), r(z, 200) * r(x, 110) * r(y, -30),
        ]
    }()

    @Test(arguments: orientations)
    func staticTiltIsFoundAtOnceAndHeld(orientation: Quaternion) {
        var synthetic = Synthetic(rate: 100, duration: 5, start: orientation)
        synthetic.accelerometerNoise = 0.02
        synthetic.gyroscopeNoise = 0.002
        let steps = synthetic.generate()
        var filter = AttitudeFilter(settings: .undelayed)
        let estimates = run(&filter, steps)
        // Fast start: the first sample already gives the inclination (to within its noise).
        #expect(AttitudeError.inclination(estimates[0].attitude, steps[0].truth) < 0.5)
        for (estimate, step) in zip(estimates, steps).suffix(300) {
            #expect(AttitudeError.inclination(estimate.attitude, step.truth) < 0.1)
        }
        let last = estimates[estimates.count - 1]
        let trueGravity = steps[steps.count - 1].truth.inverseRotate(Vector3(0, 0, 9.80665))
        #expect((last.gravity - trueGravity).norm < 0.02)
        #expect(last.isResting)
    }

    @Test func invariantsHoldOnEverySample() {
        var synthetic = Synthetic(rate: 250, duration: 8, start: Quaternion(roll: 0.3, pitch: -0.2, yaw: 1))
        synthetic.angularVelocity = { t in Vector3(sin(1.3 * t), 0.7 * cos(0.9 * t), 1.5 * sin(0.4 * t + 1)) }
        synthetic.linearAcceleration = { t in Vector3(2 * sin(5 * t), cos(3 * t), 0.5 * sin(7 * t)) }
        synthetic.accelerometerNoise = 0.05
        synthetic.gyroscopeNoise = 0.005
        synthetic.magnetometer = true
        synthetic.magnetometerNoise = 0.5
        var filter = AttitudeFilter()
        for step in synthetic.generate() {
            let estimate = filter.update(step.sample)
            #expect(abs(estimate.attitude.norm - 1) < 1e-12)
            #expect(abs(estimate.gravity.norm - 9.80665) < 1e-9)
            #expect(estimate.userAcceleration == step.sample.accelerometer - estimate.gravity)
            let corrected = (step.sample.gyroscope - estimate.gyroBias) * (Vector3(1, 1, 1) - filter.state.gyroscopeScale)
            #expect(estimate.rotationRate == corrected)
            #expect(estimate.t == step.sample.t)
            // Gravity is the attitude's view of "up", scaled.
            let up = estimate.attitude.rotate(estimate.gravity / 9.80665)
            #expect(abs(up.z - 1) < 1e-2, "gravity and attitude disagree by more than the latency lead")
        }
        #expect(filter.state.rejectedSamples == 0)
    }

    @Test func constantRotationIsTrackedWithoutDrift() {
        var synthetic = Synthetic(rate: 200, duration: 20, start: Quaternion(roll: 0.5, pitch: 0.2, yaw: 0))
        synthetic.angularVelocity = { _ in Vector3(0.3, -0.5, 1.0) }
        synthetic.accelerometerNoise = 0.03
        synthetic.gyroscopeNoise = 0.003
        let steps = synthetic.generate()
        var filter = AttitudeFilter(settings: .undelayed)
        let estimates = run(&filter, steps)
        let errors = zip(estimates, steps).map { AttitudeError.inclination($0.attitude, $1.truth) }
        #expect(errors.suffix(2000).max()! < 0.3)
    }

    @Test func linearAccelerationBurstsDoNotTiltTheEstimate() {
        // 4 m/s² bursts of 1 s every 5 s (a naive accelerometer tilt would be off by ~22°) while rotating slowly;
        // compared with the same motion without the bursts.
        var synthetic = Synthetic(rate: 200, duration: 30)
        synthetic.angularVelocity = { t in Vector3(0.4 * sin(0.5 * t), 0.3 * cos(0.7 * t), 0.2) }
        synthetic.accelerometerNoise = 0.03
        synthetic.gyroscopeNoise = 0.003
        func errors(_ synthetic: Synthetic) -> (rms: Double, max: Double) {
            let steps = synthetic.generate()
            var filter = AttitudeFilter(settings: .undelayed)
            // From 3.5 s on: the first burst falls into the fast-start averaging of the first τ_acc = 3 s.
            let errors = zip(run(&filter, steps), steps).map { AttitudeError.inclination($0.attitude, $1.truth) }
                .suffix(from: 700)
            return ((errors.map { $0 * $0 }.reduce(0, +) / Double(errors.count)).squareRoot(), errors.max()!)
        }
        let calm = errors(synthetic)
        synthetic.linearAcceleration = { t in
            let phase = t.truncatingRemainder(dividingBy: 5)
            return phase > 2 && phase < 3 ? Vector3(4 * sin(6 * t), 4 * cos(6 * t), 0) : .zero
        }
        let bursts = errors(synthetic)
        #expect(calm.max < 0.2, "without bursts \(calm)")
        #expect(bursts.max < 1.5, "with bursts \(bursts), without \(calm)")
        #expect(bursts.rms < 0.8, "with bursts \(bursts), without \(calm)")
    }

    @Test func gyroscopeBiasIsLearntAtRestAndAfterAStep() {
        // 0.5 °/s bias, then a step to −0.8 °/s on z and 0.3 °/s on x at t = 20 s; the device rests. At rest the
        // estimate follows a step with a time constant of about (σ_rest/0.1 °/s)² · forgetting time ≈ 9 s.
        var synthetic = Synthetic(rate: 100, duration: 60, start: Quaternion(roll: 0.2, pitch: 0.1, yaw: 0))
        synthetic.gyroscopeBias = { t in
            t < 20 ? Vector3(0.5, -0.3, 0.2) * degree : Vector3(0.3, -0.3, -0.8) * degree
        }
        synthetic.accelerometerNoise = 0.02
        synthetic.gyroscopeNoise = 0.002
        let steps = synthetic.generate()
        var filter = AttitudeFilter(settings: .undelayed)
        let estimates = run(&filter, steps)
        let before = estimates[1900].gyroBias, after = estimates[estimates.count - 1].gyroBias
        #expect((before - Vector3(0.5, -0.3, 0.2) * degree).maxMagnitude < 0.03 * degree)
        #expect((after - Vector3(0.3, -0.3, -0.8) * degree).maxMagnitude < 0.03 * degree)
        #expect(estimates[estimates.count - 1].isResting)
        // The rotation rate at rest is then the noise only.
        #expect(estimates[estimates.count - 1].rotationRate.norm < 0.01)
    }

    @Test func gyroscopeBiasIsLearntInMotion() {
        // Never at rest: horizontal bias components are observable from the inclination corrections.
        var synthetic = Synthetic(rate: 200, duration: 120)
        synthetic.angularVelocity = { t in Vector3(0.6 * sin(0.8 * t), 0.5 * cos(0.6 * t), 0.4 * sin(0.3 * t)) }
        synthetic.gyroscopeBias = { _ in Vector3(0.8, -0.6, 0.4) * degree }
        synthetic.accelerometerNoise = 0.03
        synthetic.gyroscopeNoise = 0.003
        let steps = synthetic.generate()
        var settings = AttitudeFilter.Settings.undelayed
        settings.restBiasEstimation = false
        var filter = AttitudeFilter(settings: settings)
        let estimates = run(&filter, steps)
        let error = estimates[estimates.count - 1].gyroBias - Vector3(0.8, -0.6, 0.4) * degree
        #expect(error.norm < 0.2 * degree, "bias error \(error / degree) °/s")
        #expect(estimates.allSatisfy { !$0.isResting })
    }

    @Test func gyroscopeScaleErrorIsLearntInMotion() {
        // A gyroscope that reads 0.6 % high on x and z and 0.4 % low on y, turning about all axes for 3 minutes.
        let scale = Vector3(0.006, -0.004, 0.006)
        var synthetic = Synthetic(rate: 200, duration: 180)
        synthetic.angularVelocity = { t in Vector3(2 * sin(0.8 * t), 1.5 * cos(0.6 * t), 2.5 * sin(0.3 * t + 1)) }
        synthetic.accelerometerNoise = 0.03
        synthetic.gyroscopeNoise = 0.003
        var steps = synthetic.generate()
        for index in steps.indices {
            steps[index].sample.gyroscope = steps[index].sample.gyroscope * (Vector3(1, 1, 1) + scale)
        }
        func evaluate(scaleEstimation: Bool) -> (rms: Double, scale: Vector3) {
            var settings = AttitudeFilter.Settings.undelayed
            settings.scaleEstimation = scaleEstimation
            var filter = AttitudeFilter(settings: settings)
            let errors = zip(run(&filter, steps), steps).map {
                AttitudeError.inclination($0.attitude, $1.truth)
            }.suffix(12000)
            return ((errors.map { $0 * $0 }.reduce(0, +) / Double(errors.count)).squareRoot(), filter.state.gyroscopeScale)
        }
        let without = evaluate(scaleEstimation: false), with = evaluate(scaleEstimation: true)
        #expect(with.rms < 0.8 * without.rms, "inclination RMS \(with.rms)° with, \(without.rms)° without")
        for axis in 0..<3 {
            #expect(abs(with.scale[axis] - scale[axis]) < 0.5 * abs(scale[axis]), "scale \(with.scale) for \(scale)")
        }
        #expect(without.scale == .zero)
    }

    @Test func sameDefaultsWorkAtEveryRate() {
        // One trajectory (rotation, 1 m/s² linear acceleration, bias) sampled from 50 Hz to 2 kHz with the same noise
        // density: the errors must be the same, not just small (the residual is the linear acceleration that leaks
        // through the 3 s low-pass).
        var errorsByRate: [Double: Double] = [:]
        for rate in [50.0, 100.0, 400.0, 1000.0, 2000.0] {
            var synthetic = Synthetic(rate: rate, duration: 20, start: Quaternion(roll: -0.4, pitch: 0.3, yaw: 0))
            synthetic.angularVelocity = { t in Vector3(0.8 * sin(0.9 * t), 0.6 * cos(0.5 * t), 0.5) }
            synthetic.linearAcceleration = { t in Vector3(sin(2 * t), 0, 0.5 * cos(3 * t)) }
            synthetic.accelerometerNoise = 0.002 * rate.squareRoot()
            synthetic.gyroscopeNoise = 0.0002 * rate.squareRoot()
            synthetic.gyroscopeBias = { _ in Vector3(0.3, -0.2, 0.1) * degree }
            let steps = synthetic.generate()
            var filter = AttitudeFilter(settings: .undelayed)
            let estimates = run(&filter, steps)
            let errors = zip(estimates, steps).map { AttitudeError.inclination($0.attitude, $1.truth) }
            let tail = errors.suffix(errors.count / 2)
            errorsByRate[rate] = (tail.map { $0 * $0 }.reduce(0, +) / Double(tail.count)).squareRoot()
            #expect(abs(filter.state.samplePeriod * rate - 1) < 1e-6)
            #expect(abs(filter.coefficients.samplePeriod * rate - 1) < 0.02)
        }
        let values = errorsByRate.values
        #expect(values.max()! < 0.8, "inclination RMS by rate: \(errorsByRate)")
        #expect(values.max()! / values.min()! < 1.15, "inclination RMS by rate: \(errorsByRate)")
    }

    @Test func jitteryTimestampsAndShortGapsAreIntegratedWithTheirOwnDt() {
        var synthetic = Synthetic(rate: 200, duration: 15)
        synthetic.angularVelocity = { _ in Vector3(0.2, 0.9, -0.4) }
        synthetic.jitter = 0.3
        let steps = synthetic.generate()
        // Drop 40 samples (0.2 s, shorter than maximumGap) in the middle.
        let kept = Array(steps[..<1000]) + Array(steps[1040...])
        var filter = AttitudeFilter(settings: .undelayed)
        let estimates = run(&filter, kept)
        let errors = zip(estimates, kept).map { AttitudeError.inclination($0.attitude, $1.truth) }
        #expect(errors.suffix(from: 400).max()! < 0.2)
        #expect(filter.state.gapRestarts == 0)
    }

    @Test func longGapReinitialisesFromTheAccelerometer() {
        var synthetic = Synthetic(rate: 100, duration: 20)
        synthetic.angularVelocity = { t in t > 9 && t < 11 ? Vector3(1.2, 0, 0) : .zero }
        let steps = synthetic.generate()
        // The device turns by ~137° during a 2 s gap that the filter never sees.
        let kept = Array(steps[..<900]) + Array(steps[1100...])
        var filter = AttitudeFilter(settings: .undelayed)
        let estimates = run(&filter, kept)
        #expect(filter.state.gapRestarts == 1)
        #expect(AttitudeError.inclination(estimates[900].attitude, kept[900].truth) < 0.5)
        #expect(AttitudeError.inclination(estimates[estimates.count - 1].attitude, kept[kept.count - 1].truth) < 0.1)
    }

    @Test func latencyCompensationLeadsTheAttitudeByTheRotationRate() {
        var synthetic = Synthetic(rate: 200, duration: 5)
        synthetic.angularVelocity = { _ in Vector3(0, 0, 2) }
        let steps = synthetic.generate()
        var settings = AttitudeFilter.Settings()
        settings.latencyCompensation = 0.01
        var filter = AttitudeFilter(settings: settings)
        let estimate = run(&filter, steps).last!
        let lead = Quaternion(rotationVector: (steps.last!.sample.gyroscope - estimate.gyroBias) * 0.01)
        #expect(estimate.attitude.angle(to: filter.state.attitude * lead) < 1e-7)
        #expect(abs(filter.state.attitude.angle(to: estimate.attitude) - 0.02) < 1e-3)
    }

    @Test func resetStartsAgain() {
        let steps = Synthetic(rate: 100, duration: 3, start: Quaternion(roll: 1, pitch: 0, yaw: 0)).generate()
        var filter = AttitudeFilter()
        _ = run(&filter, steps)
        filter.reset()
        #expect(filter.state == AttitudeFilter().state)
    }
}
