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

    @Test("with a magnetometer the heading is the tilt-compensated compass's: the whole attitude, in ENU")
    func heading() {
        var filter = TiltFilter()
        let degree = Double.pi / 180
        // Rolled, pitched and turned 50° counter-clockwise from north; the earth's field points north and down.
        let truth = Quaternion(roll: 30 * degree, pitch: -20 * degree, yaw: 50 * degree)
        let accelerometer = truth.inverseRotate(Vector3(0, 0, 9.80665))
        let field = truth.inverseRotate(Vector3(0, 20, -44))
        // Before any magnetometer reading, the heading is 0 (nothing measures it).
        #expect(abs(filter.update(t: 0, accelerometer: accelerometer).attitude.yaw) < 1e-12)
        // An all-zero or non-finite reading (a sensor that failed) is not a field.
        filter.update(t: 0.005, magnetometer: .zero)
        filter.update(t: 0.006, magnetometer: Vector3(.nan, 1, 1))
        #expect(abs(filter.update(t: 0.01, accelerometer: accelerometer).attitude.yaw) < 1e-12)
        filter.update(t: 0.015, magnetometer: field)
        let estimate = filter.update(t: 0.02, accelerometer: accelerometer)
        #expect(estimate.attitude.angle(to: truth) < 1e-9, "\(estimate.attitude.angle(to: truth) / degree)°")
        // The field in the reference frame: north and down, nothing east.
        let reference = estimate.attitude.rotate(field)
        #expect(abs(reference.x) < 1e-9 && reference.y > 0 && reference.z < 0)
        #expect(estimate.rotationRate.x.isNaN && estimate.userAcceleration.y.isNaN)
    }

    @Test("the field is low-passed as gravity is, with the same time constant")
    func headingLowPass() {
        var filter = TiltFilter()
        let flat = Vector3(0, 0, 9.80665)
        // The device turned 90° counter-clockwise at once (seen only by the magnetometer): north moves to its +x.
        filter.update(t: 0, magnetometer: Vector3(0, 20, -44))
        _ = filter.update(t: 0, accelerometer: flat)
        var estimate = filter.update(t: 0, accelerometer: flat)
        for index in 1...10 {
            let t = Double(index) * 0.01
            filter.update(t: t, magnetometer: Vector3(20, 0, -44))
            estimate = filter.update(t: t, accelerometer: flat)
        }
        // The field, not the angle, is filtered: its horizontal part is 1 − (1 − 1/11)^10 ≈ 61 % of the way to +x.
        let covered = 1 - (0..<10).reduce(1.0) { remaining, _ in remaining * 10 / 11 }
        let expected = Elementary.atan2(covered, 1 - covered)
        #expect(abs(estimate.attitude.yaw - expected) < 1e-9, "\(estimate.attitude.yaw) vs \(expected)")
    }
}
