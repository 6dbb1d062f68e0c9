import Foundation
import MotionMath
import Testing

@testable import Fusion

/// An uncalibrated gyroscope (1.55 °/s of bias, typical of cheap IMUs) on a device that lies still for a few seconds
/// and then rocks slowly: rest detection must learn the bias, and gravity must stay within 2° of the truth at rest
/// and in the slow motion after it. This is the VM tier's `stream-hub-slow-motion` scenario (20° sway at 0.25 Hz
/// about x after 3 s of rest, the virtual hub's bias), without the kernel. Moving from the very first sample instead,
/// the error peaks at about 3.7° before the bias is learnt in motion (VQF: 3.3°); a stored calibration removes it.
@Suite("Uncalibrated gyroscope bias")
struct UncalibratedBiasTests {
    static let rest = 3.0

    static func restThenSway(magnetometer: Bool) -> Synthetic {
        var synthetic = Synthetic()
        synthetic.rate = 50
        synthetic.duration = 20
        let amplitude = 20.0 * .pi / 180, frequency = 0.25, rest = Self.rest
        synthetic.angularVelocity = { t in
            t < rest ? .zero : Vector3(amplitude * 2 * .pi * frequency * cos(2 * .pi * frequency * (t - rest)), 0, 0)
        }
        synthetic.addUncalibratedIMUErrors(magnetometer: magnetometer)
        return synthetic
    }

    @Test(arguments: [false, true])
    func gravityStaysWithinTwoDegreesAtRestAndInSlowMotion(magnetometer: Bool) {
        let steps = Self.restThenSway(magnetometer: magnetometer).generate()
        var filter = AttitudeFilter()
        var worst = 0.0, worstTime = 0.0
        for step in steps {
            let estimate = filter.update(step.sample)
            guard step.sample.t >= 1 else { continue }
            let error = AttitudeError.inclination(estimate.attitude, step.truth)
            if error > worst { (worst, worstTime) = (error, step.sample.t) }
        }
        #expect(worst < 2, "worst gravity direction error \(worst)° at t = \(worstTime) s")
        let bias = filter.state.gyroscopeBias
        #expect((bias - Vector3(0.02, -0.015, 0.01)).norm < 0.002, "learnt bias \(bias)")
    }
}
