import Foundation
import MotionMath
import Testing

@testable import Fusion

@Suite("AttitudeFilter: magnetometer heading")
struct MagnetometerTests {
    @Test(arguments: [0.0, 1.0, -2.5, 3.1])
    func headingConvergesToENU(yaw: Double) {
        var synthetic = Synthetic(rate: 100, duration: 30, start: Quaternion(roll: 0.3, pitch: -0.2, yaw: yaw))
        synthetic.angularVelocity = { t in Vector3(0.2 * sin(t), 0.2 * cos(0.7 * t), 0.3 * sin(0.2 * t)) }
        synthetic.magnetometer = true
        synthetic.magnetometerNoise = 0.3
        synthetic.accelerometerNoise = 0.02
        let steps = synthetic.generate()
        var filter = AttitudeFilter(settings: .undelayed)
        let estimates = run(&filter, steps)
        // Fast start: the heading is close within the first second already.
        #expect(AttitudeError.heading(estimates[100].attitude, steps[100].truth) < 3)
        for (estimate, step) in zip(estimates, steps).suffix(1000) {
            #expect(AttitudeError.heading(estimate.attitude, step.truth) < 1)
        }
        #expect(!estimates[estimates.count - 1].isMagneticallyDisturbed)
        #expect(abs(filter.state.magneticReferenceNorm - Synthetic.field.norm) < 0.5)
        #expect(abs(filter.state.magneticReferenceDip - atan2(40, 20)) < 0.02)
    }

    @Test func disturbanceIsDetectedAndRejected() {
        // A magnet: +30 µT east for 10 s from t = 30 s (the field turns by ~40° and grows). Heading must hold.
        // The first 15 s turn faster than 20 °/s, which is when a field is accepted as the reference.
        var synthetic = Synthetic(rate: 100, duration: 50, start: Quaternion(roll: 0.1, pitch: 0.1, yaw: 0.5))
        synthetic.angularVelocity = { t in
            t < 15 ? Vector3(0.3 * sin(t), 0.3 * cos(0.7 * t), 0.6) : Vector3(0.1 * sin(t), 0.1 * cos(0.7 * t), 0.2)
        }
        synthetic.magneticDisturbance = { t in t > 30 && t < 40 ? Vector3(30, 0, 0) : .zero }
        synthetic.magnetometer = true
        synthetic.magnetometerNoise = 0.2
        let steps = synthetic.generate()
        var filter = AttitudeFilter(settings: .undelayed)
        let estimates = run(&filter, steps)
        #expect(estimates[3200].isMagneticallyDisturbed)
        #expect(!estimates[2900].isMagneticallyDisturbed)
        #expect(!estimates[estimates.count - 1].isMagneticallyDisturbed)
        let worst = zip(estimates[2500...], steps[2500...]).map { AttitudeError.heading($0.attitude, $1.truth) }.max()!
        #expect(worst < 1.5, "heading error during the disturbance: \(worst)°")
    }

    @Test func withoutMagnetometerTheHeadingStartsAtZeroAndFollowsTheGyroscope() {
        var synthetic = Synthetic(rate: 100, duration: 10)
        synthetic.angularVelocity = { _ in Vector3(0, 0, 0.5) }
        let steps = synthetic.generate()
        var filter = AttitudeFilter(settings: .undelayed)
        let estimates = run(&filter, steps)
        #expect(abs(estimates[0].attitude.yaw) < 1e-9)
        #expect(AttitudeError.heading(estimates[estimates.count - 1].attitude, steps[steps.count - 1].truth) < 0.2)
        #expect(filter.state.headingOffset == 0)
    }
}
