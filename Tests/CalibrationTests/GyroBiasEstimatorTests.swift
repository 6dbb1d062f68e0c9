import Foundation
import MotionMath
import Testing
@testable import Calibration

@Suite("Gyroscope bias")
struct GyroBiasEstimatorTests {
    static let sigma = 0.004
    static let count = 1000

    static func stillSamples(seed: UInt64, count: Int = count) -> [Vector3] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in Truth.gyroscopeBias + generator.noise(sigma) }
    }

    @Test func recoversBiasWithinThreeStandardErrors() throws {
        let result = try GyroBiasEstimator.estimate(
            gyroscope: Self.stillSamples(seed: 10), times: (0..<Self.count).map { Double($0) / 100 })
        // Tolerance: 3σ/√N per axis = 3 · 0.004 / √1000 = 3.8e-4 rad/s.
        let tolerance = 3 * Self.sigma / Double(Self.count).squareRoot()
        #expect((result.bias - Truth.gyroscopeBias).maxMagnitude < tolerance)
        let quality = try #require(result.quality)
        #expect(quality.samples == Self.count)
        #expect(abs(quality.duration - 9.99) < 1e-9)
        // Noise estimate within 10 % of the injected σ.
        for axis in 0..<3 { #expect(abs(quality.noise[axis] - Self.sigma) < 0.1 * Self.sigma) }
        #expect((quality.biasUncertainty - Vector3(repeating: Self.sigma / Double(Self.count).squareRoot())).maxMagnitude
            < 1e-5)
    }

    @Test func refusesMotionInABatch() {
        var samples = Self.stillSamples(seed: 11)
        for i in 500..<540 { samples[i].z += 0.5 }
        #expect {
            try GyroBiasEstimator.estimate(gyroscope: samples)
        } throws: { error in
            guard case .motionDetected = error as? CalibrationError else { return false }
            return true
        }
    }

    @Test func refusesSlowMotionByItsStandardDeviation() {
        // A slow swing of ±0.06 rad/s: every sample is within the deviation limit, the spread is not.
        var samples = Self.stillSamples(seed: 12)
        for i in samples.indices { samples[i].x += 0.06 * sin(Double(i) / 50) }
        #expect {
            try GyroBiasEstimator.estimate(gyroscope: samples)
        } throws: { error in
            guard case .motionDetected(let figure, _, _) = error as? CalibrationError else { return false }
            return figure.contains("standard deviation")
        }
    }

    @Test func refusesAMovingAccelerometer() {
        var generator = SplitMix64(seed: 13)
        let gyroscope = Self.stillSamples(seed: 14)
        let accelerometer = (0..<Self.count).map { i in
            Vector3(0, 0, 9.81) + generator.noise(0.02) + (i > 700 ? Vector3(2, 0, 0) : .zero)
        }
        #expect(throws: CalibrationError.self) {
            try GyroBiasEstimator.estimate(gyroscope: gyroscope, accelerometer: accelerometer)
        }
    }

    @Test func restartsOnMotionWhenLive() throws {
        var estimator = GyroBiasEstimator()
        for sample in Self.stillSamples(seed: 15, count: 120) { _ = estimator.add(gyroscope: sample) }
        #expect(estimator.sampleCount == 120)
        guard case .motion = estimator.add(gyroscope: Truth.gyroscopeBias + Vector3(0.8, 0, 0)) else {
            Issue.record("a 0.8 rad/s sample must count as motion")
            return
        }
        #expect(estimator.sampleCount == 0)
        var last = GyroBiasEstimator.Progress.collecting(samples: 0, needed: 0)
        for sample in Self.stillSamples(seed: 16, count: 250) { last = estimator.add(gyroscope: sample) }
        #expect(last == .ready(samples: 250))
        #expect((try estimator.result().bias - Truth.gyroscopeBias).maxMagnitude < 3 * Self.sigma / 250.0.squareRoot())
    }

    @Test func refusesTooFewSamples() {
        #expect(throws: CalibrationError.tooFewSamples(found: 50, needed: 200)) {
            try GyroBiasEstimator.estimate(gyroscope: Self.stillSamples(seed: 17, count: 50))
        }
    }
}
