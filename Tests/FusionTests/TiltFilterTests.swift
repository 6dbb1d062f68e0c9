import Fusion
import MotionMath
import Testing

@Suite("Tilt from an accelerometer alone")
struct TiltFilterTests {
    @Test("gravity is the low-passed specific force; the attitude brings it to +z with heading 0; the rest is unknown")
    func tilt() {
        var filter = TiltFilter()
        // Rolled 30° about x and pitched −20° about y: the accelerometer sees gravity at that tilt.
        let truth = Quaternion(roll: 30 * .pi / 180, pitch: -20 * .pi / 180, yaw: 0)
        let measured = truth.inverseRotate(Vector3(0, 0, 9.80665))
        var estimate = filter.update(t: 0, accelerometer: measured)
        #expect((estimate.gravity - measured).norm < 1e-12)
        #expect(abs(estimate.attitude.roll - truth.roll) < 1e-9 && abs(estimate.attitude.pitch - truth.pitch) < 1e-9)
        #expect(abs(estimate.attitude.yaw) < 1e-12)
        #expect((estimate.attitude.rotate(estimate.gravity) - Vector3(0, 0, 9.80665)).norm < 1e-9)
        #expect(estimate.rotationRate.x.isNaN && estimate.userAcceleration.y.isNaN && estimate.gyroBias.z.isNaN)
        // A step to flat reaches 1 − e^(−1) ≈ 63 % of the way after one time constant of 10 ms samples.
        let flat = Vector3(0, 0, 9.80665)
        for index in 1...10 { estimate = filter.update(t: Double(index) * 0.01, accelerometer: flat) }
        let covered = 1 - (estimate.gravity - flat).norm / (measured - flat).norm
        #expect(covered > 0.6 && covered < 0.7, "\(covered)")
    }
}
