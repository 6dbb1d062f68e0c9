import Foundation
import MotionMath
import Testing
@testable import Calibration

@Suite("Magnetometer")
struct MagnetometerCalibratorTests {
    // Tolerances stated by the task: hard iron within 0.5 µT, soft iron within 2 % (0.02 per element).
    static let sigma = 0.3

    static func samples(count: Int = 2000, seed: UInt64, direction: (inout SplitMix64) -> Vector3)
        -> [Vector3]
    {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            Truth.rawMagnetometer(direction(&generator) * Truth.fieldStrength) + generator.noise(sigma)
        }
    }

    @Test func recoversHardAndSoftIron() throws {
        let raw = Self.samples(seed: 30) { $0.direction() }
        let result = try MagnetometerCalibrator.calibrate(raw)
        #expect((result.hardIron - Truth.hardIron).maxMagnitude < 0.5)
        #expect(result.softIron.maximumDifference(to: Truth.softIron) < 0.02)
        #expect(abs(result.softIron.determinant - 1) < 1e-9)
        let field = try #require(result.fieldStrength)
        #expect(abs(field - Truth.fieldStrength) < 0.5)
        let quality = try #require(result.quality)
        #expect(quality.coverage > 0.95)
        #expect(quality.residual < 2 * Self.sigma)
        #expect(quality.samples == 2000)
    }

    @Test func acceptsAHemisphere() throws {
        let raw = Self.samples(seed: 31) { generator in
            let d = generator.direction()
            return Vector3(d.x, d.y, abs(d.z))
        }
        let result = try MagnetometerCalibrator.calibrate(raw)
        #expect((result.hardIron - Truth.hardIron).maxMagnitude < 1.0)
        #expect(try #require(result.quality).coverage > 0.4)
    }

    @Test func refusesRotationInOnePlane() {
        // Turning about z only: the field's z component is constant, the samples lie on a circle.
        let raw = Self.samples(seed: 32) { generator in
            let angle = Double.random(in: 0..<(2 * Double.pi), using: &generator)
            return Vector3(cos(angle) * 0.8, sin(angle) * 0.8, 0.6)
        }
        #expect {
            try MagnetometerCalibrator.calibrate(raw)
        } throws: { error in
            switch error as? CalibrationError {
            case .insufficientCoverage, .illConditioned, .notAnEllipsoid: return true
            default: return false
            }
        }
    }

    @Test func refusesTwoGreatCircles() {
        // Turns about z, then about x (the simulator's spins): a one-parameter family of quadrics passes through two
        // circles, so the fit is not determined.
        var generator = SplitMix64(seed: 36)
        let raw = (0..<2000).map { index -> Vector3 in
            let angle = Double(index) * 0.01
            let direction = index % 2 == 0 ? Vector3(cos(angle), sin(angle), 0) : Vector3(0, cos(angle), sin(angle))
            return Truth.rawMagnetometer(direction * Truth.fieldStrength) + generator.noise(Self.sigma)
        }
        do {
            let result = try MagnetometerCalibrator.calibrate(raw)
            Issue.record("two great circles were accepted: \(result)")
        } catch {
            guard case .undetermined(let uncertainty, _) = error else {
                Issue.record("expected .undetermined, got \(error)")
                return
            }
            #expect(uncertainty > 0.02)
        }
    }

    @Test func refusesASmallCap() {
        // Directions within 35° of one axis: the fit may converge, but the coverage is far too low.
        let raw = Self.samples(seed: 33) { generator in
            while true {
                let d = generator.direction()
                if d.z > cos(35 * Double.pi / 180) { return d }
            }
        }
        #expect(throws: CalibrationError.self) { try MagnetometerCalibrator.calibrate(raw) }
    }

    @Test func refusesTooFewSamples() {
        let raw = Self.samples(count: 50, seed: 34) { $0.direction() }
        #expect(throws: CalibrationError.tooFewSamples(found: 50, needed: 100)) {
            try MagnetometerCalibrator.calibrate(raw)
        }
    }

    @Test func refusesANoisyField() {
        // A field disturbed by 15 µT noise (a nearby motor): the residual exceeds 5 % of the field.
        var generator = SplitMix64(seed: 35)
        let raw = (0..<2000).map { _ in
            Truth.rawMagnetometer(generator.direction() * Truth.fieldStrength) + generator.noise(15)
        }
        #expect(throws: CalibrationError.self) { try MagnetometerCalibrator.calibrate(raw) }
    }
}
