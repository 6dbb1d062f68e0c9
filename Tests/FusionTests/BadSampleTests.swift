import MotionMath
import Testing

@testable import Fusion

@Suite("AttitudeFilter: bad samples")
struct BadSampleTests {
    static func settledFilter() -> (AttitudeFilter, IMUSample) {
        var synthetic = Synthetic(rate: 100, duration: 3, start: Quaternion(roll: 0.4, pitch: -0.3, yaw: 0))
        synthetic.magnetometer = true
        synthetic.accelerometerNoise = 0.01
        let steps = synthetic.generate()
        var filter = AttitudeFilter()
        _ = run(&filter, steps)
        return (filter, steps[steps.count - 1].sample)
    }

    static let good = Vector3(0.1, 0.2, 9.8)

    @Test(arguments: [
        Vector3(.nan, 0, 0), Vector3(0, .infinity, 0), Vector3(0, 0, -.infinity), Vector3(40, 0, 0),
    ])
    func badGyroscopeRejectsTheWholeSample(gyroscope: Vector3) {
        var (filter, last) = Self.settledFilter()
        let before = filter.state
        let sample = IMUSample(t: last.t + 0.01, accelerometer: Self.good, gyroscope: gyroscope, magnetometer: nil)
        let estimate = filter.update(sample)
        var expected = before
        expected.rejectedSamples += 1
        #expect(filter.state == expected)
        #expect(estimate.attitude.isFinite && estimate.gravity.isFinite)
        // No made-up measurement — the previous sample's rotation rate and user acceleration are not
        // this one's.
        #expect(estimate.rotationRate.x.isNaN && estimate.userAcceleration.x.isNaN)
        #expect(estimate.t == sample.t)
    }

    @Test func allZeroSampleAndNonIncreasingTimeAreRejected() {
        var (filter, last) = Self.settledFilter()
        let before = filter.state
        _ = filter.update(IMUSample(t: last.t + 0.01, accelerometer: .zero, gyroscope: .zero))
        _ = filter.update(IMUSample(t: last.t, accelerometer: Self.good, gyroscope: .zero))
        _ = filter.update(IMUSample(t: last.t - 1, accelerometer: Self.good, gyroscope: .zero))
        _ = filter.update(IMUSample(t: .nan, accelerometer: Self.good, gyroscope: .zero))
        var expected = before
        expected.rejectedSamples += 4
        #expect(filter.state == expected)
    }

    @Test(arguments: [
        Vector3(.nan, 0, 9.8), Vector3(0, 0, .infinity), Vector3.zero, Vector3(0, 0, 200),
    ])
    func badAccelerometerIsSkippedWhileTheGyroscopeIntegrates(accelerometer: Vector3) {
        var (filter, last) = Self.settledFilter()
        let before = filter.state
        let rate = Vector3(0, 0, 1)
        let estimate = filter.update(IMUSample(t: last.t + 0.01, accelerometer: accelerometer, gyroscope: rate))
        #expect(filter.state.rejectedSamples == before.rejectedSamples)
        // The gyroscope moved the attitude by 0.01 rad about z; the inclination part is untouched.
        #expect(filter.state.inclinationCorrection == before.inclinationCorrection)
        #expect(abs(filter.state.gyroscopeAttitude.angle(to: before.gyroscopeAttitude) - 0.01) < 1e-6)
        // User acceleration is unknown for this sample (not the previous reading's, not −g), and counted.
        #expect(filter.state.lastAccelerometer == nil)
        #expect(filter.state.rejectedAccelerometerReadings == before.rejectedAccelerometerReadings + 1)
        #expect(estimate.attitude.isFinite && estimate.gravity.isFinite)
        #expect(estimate.userAcceleration.x.isNaN && estimate.userAcceleration.y.isNaN
            && estimate.userAcceleration.z.isNaN)
    }

    /// A filter whose first accelerometer reading is rejected has no user acceleration to report — not (0, 0, −g),
    /// a made-up value from a reading of zero: it is unknown (NaN) until a reading is accepted.
    @Test(arguments: [Vector3(.nan, 0, 9.8), Vector3(0, 0, 200), Vector3.zero])
    func aRejectedFirstAccelerometerReadingGivesNoUserAcceleration(accelerometer: Vector3) {
        var filter = AttitudeFilter()
        let first = filter.update(IMUSample(t: 1, accelerometer: accelerometer, gyroscope: Vector3(0, 0, 0.1)))
        #expect(first.userAcceleration.x.isNaN && first.userAcceleration.z.isNaN, "\(first.userAcceleration)")
        #expect(first.gravity.isFinite)
        let second = filter.update(IMUSample(t: 1.01, accelerometer: Self.good, gyroscope: Vector3(0, 0, 0.1)))
        #expect(second.userAcceleration.isFinite)
        // A sample rejected whole (a bad gyroscope) before any reading repeats an estimate without one either.
        var fresh = AttitudeFilter()
        let rejected = fresh.update(IMUSample(t: 1, accelerometer: Self.good, gyroscope: Vector3(.nan, 0, 0)))
        #expect(rejected.userAcceleration.z.isNaN)
        // The offline smoother says the same.
        let smoothed = AttitudeSmoother.smooth([
            IMUSample(t: 1, accelerometer: accelerometer, gyroscope: Vector3(0, 0, 0.1)),
            IMUSample(t: 1.01, accelerometer: Self.good, gyroscope: Vector3(0, 0, 0.1)),
        ])
        #expect(smoothed[0].userAcceleration.z.isNaN, "\(smoothed[0].userAcceleration)")
        #expect(smoothed[1].userAcceleration.isFinite)
    }

    @Test(arguments: [Vector3(.nan, 1, 1), Vector3.zero, Vector3(1, .infinity, 0)])
    func badMagnetometerIsSkipped(magnetometer: Vector3) {
        var (filter, last) = Self.settledFilter()
        let before = filter.state
        _ = filter.update(
            IMUSample(t: last.t + 0.01, accelerometer: last.accelerometer, gyroscope: .zero, magnetometer: magnetometer))
        #expect(filter.state.headingOffset == before.headingOffset)
        #expect(filter.state.magneticReferenceNorm == before.magneticReferenceNorm)
        #expect(filter.state.headingOffset.isFinite)
    }

    @Test func aLongRunOfGarbageLeavesAWorkingFilter() {
        var (filter, last) = Self.settledFilter()
        let attitude = filter.state.inclinationAttitude
        var t = last.t
        for index in 0..<500 {
            t += 0.01
            let garbage: Vector3 = index % 2 == 0 ? Vector3(.nan, .nan, .nan) : Vector3(1e300, -1e300, 0)
            _ = filter.update(IMUSample(t: t, accelerometer: garbage, gyroscope: garbage, magnetometer: garbage))
        }
        #expect(filter.state.rejectedSamples == 500)
        let estimate = filter.update(IMUSample(t: t + 0.01, accelerometer: last.accelerometer, gyroscope: .zero))
        #expect(estimate.attitude.angle(to: attitude) < 1e-3)
    }

    /// A magnetometer reading beyond ±4900 µT (a scale error) never turns the heading: the filter runs
    /// exactly as without a magnetometer reading.
    @Test(arguments: [Vector3(1e5, 0, 0), Vector3(0, -5000, 20), Vector3(.nan, 30, 0)])
    func badMagnetometerIsNotUsed(magnetometer: Vector3) {
        let (settled, last) = Self.settledFilter()
        var withBad = settled
        var without = settled
        for index in 1...50 {
            let t = last.t + Double(index) * 0.01
            _ = withBad.update(IMUSample(t: t, accelerometer: last.accelerometer, gyroscope: .zero, magnetometer: magnetometer))
            _ = without.update(IMUSample(t: t, accelerometer: last.accelerometer, gyroscope: .zero, magnetometer: nil))
        }
        #expect(withBad.state == without.state)
    }
}
