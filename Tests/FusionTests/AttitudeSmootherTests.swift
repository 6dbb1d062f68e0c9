import Foundation
import MotionMath
import Testing

@testable import Fusion

/// The offline smoother against the online filter on synthetic data with known truth.
@Suite("Attitude smoother")
struct AttitudeSmootherTests {
    /// Rocking about two axes from the very first sample with an uncalibrated gyroscope (the online filter's worst
    /// case: it learns the bias only in motion, and its gravity is off by degrees until then).
    static func uncalibratedRocking(magnetometer: Bool) -> Synthetic {
        var synthetic = Synthetic()
        synthetic.rate = 100
        synthetic.duration = 60
        synthetic.angularVelocity = { t in
            Vector3(0.6 * cos(2 * .pi * 0.3 * t), 0.4 * sin(2 * .pi * 0.17 * t), 0.3 * cos(2 * .pi * 0.05 * t))
        }
        synthetic.linearAcceleration = { t in Vector3(0.8 * sin(2 * .pi * 0.9 * t), 0.5 * cos(2 * .pi * 1.3 * t), 0) }
        synthetic.addUncalibratedIMUErrors(magnetometer: magnetometer)
        return synthetic
    }

    static func rms(_ errors: [Double]) -> Double {
        (errors.reduce(0) { $0 + $1 * $1 } / Double(errors.count)).squareRoot()
    }

    @Test("knows the bias from the first sample and beats the online filter on gravity")
    func gravityFromTheFirstSample() {
        let steps = Self.uncalibratedRocking(magnetometer: false).generate()
        let smoothed = AttitudeSmoother.smooth(steps.map(\.sample))
        var filter = AttitudeFilter()
        let online = run(&filter, steps)
        #expect(smoothed.count == steps.count)
        let offlineErrors = zip(smoothed, steps).map { AttitudeError.inclination($0.attitude, $1.truth) }
        let onlineErrors = zip(online, steps).map { AttitudeError.inclination($0.attitude, $1.truth) }
        // Measured: smoother worst 0.50°, RMS 0.09°; online worst 3.4°, RMS 0.9° (the first seconds, before the bias
        // is learnt in motion).
        #expect(offlineErrors.max()! < 1.0, "worst inclination error \(offlineErrors.max()!)°")
        #expect(Self.rms(offlineErrors) < 0.5 * Self.rms(onlineErrors))
        let bias = smoothed[0].gyroBias
        #expect((bias - Vector3(0.02, -0.015, 0.01)).norm < 0.002, "bias at the first sample \(bias)")
        for (estimate, step) in zip(smoothed, steps) {
            #expect(estimate.t == step.sample.t)
            let gravity = estimate.gravity + estimate.userAcceleration
            #expect((gravity - step.sample.accelerometer).norm < 1e-9)
        }
    }

    @Test("rides out a magnetic disturbance that it judges from both sides")
    func headingThroughAMagneticDisturbance() {
        var synthetic = Self.uncalibratedRocking(magnetometer: true)
        // A magnet comes near for 10 s: the field grows by 30 µT towards the east.
        synthetic.magneticDisturbance = { t in t > 30 && t < 40 ? Vector3(30, 0, 0) : .zero }
        let steps = synthetic.generate()
        let smoothed = AttitudeSmoother.smooth(steps.map(\.sample))
        let errors = zip(smoothed, steps).map { AttitudeError.heading($0.attitude, $1.truth) }
        // The magnet would turn the heading by 56°; measured: worst 2.0°, RMS 1.2° (the vertical bias, 0.57 °/s
        // here, is learnt slowly in motion; the online filter: RMS 1.0° after its first 10 s).
        #expect(errors.max()! < 3, "worst heading error \(errors.max()!)°")
        #expect(Self.rms(errors) < 1.6, "heading RMS \(Self.rms(errors))°")
        #expect(smoothed.contains { $0.isMagneticallyDisturbed })
    }

    @Test("leads the attitude by the filter settings' latency compensation, gravity and rate left alone")
    func latencyCompensationLeadsTheAttitude() {
        let samples = Self.uncalibratedRocking(magnetometer: true).generate().map(\.sample)
        var settings = AttitudeSmoother.Settings()
        settings.filter.latencyCompensation = 0.01
        let plain = AttitudeSmoother.smooth(samples)
        let led = AttitudeSmoother.smooth(samples, settings: settings)
        #expect(led.count == plain.count)
        var largest = 0.0
        for (a, b) in zip(led, plain) {
            let lead = Quaternion(rotationVector: b.rotationRate * 0.01)
            #expect(a.attitude.angle(to: b.attitude * lead) < 1e-9)
            #expect(a.gravity == b.gravity && a.rotationRate == b.rotationRate)
            largest = max(largest, a.attitude.angle(to: b.attitude))
        }
        // The rocking turns at up to about 0.8 rad/s: the lead is up to about 0.008 rad.
        #expect(largest > 0.005, "largest lead \(largest) rad")
    }

    @Test("the passes follow the bias by biasMotionSigmaWithoutMagnetometer without a magnetometer only")
    func biasMotionSigmaWithoutMagnetometer() {
        let six = Self.uncalibratedRocking(magnetometer: false).generate().map(\.sample)
        let nine = Self.uncalibratedRocking(magnetometer: true).generate().map(\.sample)
        #expect(six.allSatisfy { $0.magnetometer == nil } && nine.allSatisfy { $0.magnetometer != nil })
        var explicit = AttitudeSmoother.Settings()
        explicit.filter.biasMotionSigma = explicit.biasMotionSigmaWithoutMagnetometer ?? 0
        explicit.biasMotionSigmaWithoutMagnetometer = nil
        var filters = AttitudeSmoother.Settings()
        filters.biasMotionSigmaWithoutMagnetometer = nil
        #expect(filters.filter.biasMotionSigma != explicit.filter.biasMotionSigma)
        let sixDefault = AttitudeSmoother.smooth(six).map(\.attitude)
        #expect(sixDefault == AttitudeSmoother.smooth(six, settings: explicit).map(\.attitude))
        #expect(sixDefault != AttitudeSmoother.smooth(six, settings: filters).map(\.attitude))
        let nineDefault = AttitudeSmoother.smooth(nine).map(\.attitude)
        #expect(nineDefault == AttitudeSmoother.smooth(nine, settings: filters).map(\.attitude))
    }

    @Test("one estimate per sample through bad samples and a gap, finite but for the rejected sample's measurements")
    func badSamplesAndGaps() {
        var steps = Self.uncalibratedRocking(magnetometer: true).generate().map(\.sample)
        steps[500].gyroscope = Vector3(.nan, 0, 0)
        steps[600].accelerometer = .zero
        steps[700].magnetometer = Vector3(.infinity, 0, 0)
        // A 2 s gap (longer than `maximumGap`): integration and the filters start again after it.
        for i in 3000..<steps.count { steps[i].t += 2 }
        let smoothed = AttitudeSmoother.smooth(steps)
        #expect(smoothed.count == steps.count)
        #expect(smoothed.allSatisfy { $0.attitude.isFinite && $0.gravity.isFinite })
        #expect(smoothed.indices.allSatisfy { $0 == 500 || smoothed[$0].rotationRate.isFinite })
        #expect(smoothed[500].t == steps[500].t && smoothed[500].attitude == smoothed[499].attitude)
        // The sample rejected whole has no rotation rate or user acceleration, not its neighbour's.
        #expect(smoothed[500].rotationRate.x.isNaN && smoothed[500].userAcceleration.x.isNaN)
        #expect(AttitudeSmoother.smooth([]).isEmpty)
    }

    @Test("keeps samples across its storage chunks exactly, a missing magnetometer as none")
    func sampleChunksAcrossBoundaries() {
        var chunks = SampleChunks()
        let count = SampleChunks.chunkSize + 1000
        for i in 0..<count {
            let x = Double(i)
            chunks.append(
                IMUSample(
                    t: x / 100, accelerometer: Vector3(x, -x, 9.81), gyroscope: Vector3(0.001 * x, 0, 1),
                    magnetometer: i.isMultiple(of: 2) ? Vector3(x, 20, -40) : nil))
        }
        #expect(chunks.count == count)
        for i in [0, 1, SampleChunks.chunkSize - 1, SampleChunks.chunkSize, count - 1] {
            let x = Double(i), sample = chunks[i]
            #expect(sample.t == x / 100 && chunks.time(i) == x / 100)
            #expect(sample.accelerometer == Vector3(x, -x, 9.81) && sample.gyroscope == Vector3(0.001 * x, 0, 1))
            #expect(sample.magnetometer == (i.isMultiple(of: 2) ? Vector3(x, 20, -40) : nil))
        }
    }
}
