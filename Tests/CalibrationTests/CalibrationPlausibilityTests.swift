import Foundation
import MotionMath
import Testing

@testable import Calibration

/// Bad readings never enter a calibration (skipped and counted), an implausible result is refused
/// before it is stored, and a stored implausible file is reported like a corrupt one.
@Suite("calibration: bad readings skipped, implausible results refused")
struct CalibrationPlausibilityTests {
    static let bias = Vector3(0.02, -0.01, 0.005)

    /// `count` still samples at 100 Hz lying flat, gyroscope `bias` + noise 0.002 rad/s.
    static func still(_ count: Int, bias: Vector3 = bias, seed: UInt64 = 3) -> [IMUSample] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { index in
            IMUSample(
                t: Double(index) / 100, accelerometer: Vector3(0, 0, 9.80665) + generator.noise(0.02),
                gyroscope: bias + generator.noise(0.002))
        }
    }

    static func poisoned(_ samples: [IMUSample], every stride: Int) -> [IMUSample] {
        samples.enumerated().map { index, sample in
            guard index % stride == stride / 2 else { return sample }
            var bad = sample
            switch index / stride % 3 {
            case 0: bad.gyroscope = Vector3(.nan, 0, 0)
            case 1: bad.accelerometer = Vector3(0, 0, .infinity)
            default: bad.gyroscope = Vector3(0, 50, 0)
            }
            return bad
        }
    }

    @Test("the gyroscope estimator skips and counts NaN, infinite and out-of-range readings")
    func estimatorSkipsBadReadings() throws {
        var estimator = GyroBiasEstimator()
        for sample in Self.poisoned(Self.still(400), every: 40) {
            _ = estimator.add(gyroscope: sample.gyroscope, accelerometer: sample.accelerometer, time: sample.t)
        }
        #expect(estimator.rejectedSamples == 10)
        #expect(estimator.sampleCount == 390)
        let result = try estimator.result()
        // Mean of 390 samples of σ 0.002: within 0.0005 rad/s (> 4 standard errors) of the injected bias.
        #expect((result.bias - Self.bias).maxMagnitude < 0.0005, "\(result.bias)")
    }

    @Test("a still gyroscope with a bias of 1 rad/s is refused as implausible, not stored")
    func largeBiasIsRefused() {
        #expect(throws: CalibrationError.self) {
            _ = try GyroBiasEstimator.estimate(gyroscope: Self.still(300, bias: Vector3(1, 0, 0)).map(\.gyroscope))
        }
        do {
            _ = try GyroBiasEstimator.estimate(gyroscope: Self.still(300, bias: Vector3(0, -1, 0)).map(\.gyroscope))
        } catch {
            #expect("\(error)".contains("implausible result: gyroscope bias 1.0"), "\(error)")
            #expect("\(error)".contains("rad/s, at most 0.3491 rad/s (20 °/s) is plausible"), "\(error)")
        }
        // The limit itself: 20 °/s passes, just above fails.
        #expect(throws: Never.self) {
            _ = try GyroBiasEstimator.estimate(gyroscope: Self.still(300, bias: Vector3(0.34, 0, 0)).map(\.gyroscope))
        }
    }

    @Test("one NaN in a recording does not make the rest of it still (it broke every later window before)")
    func segmenterNeverCallsABadSampleStill() {
        var samples = Self.still(400)
        // Moving from 3 s: without the bounds the NaN's sums made every later window look still.
        for index in 300..<400 {
            samples[index].gyroscope = Vector3(0, 0, sin(Double(index) / 5))
        }
        samples[50].accelerometer = Vector3(.nan, 0, 9.8)
        let segments = StillnessSegmenter().segments(samples)
        #expect(segments.allSatisfy { !$0.range.contains(50) })
        #expect(segments.allSatisfy { $0.range.upperBound <= 300 }, "\(segments.map(\.range))")
        #expect(segments.allSatisfy { $0.accelerometerMean.isFinite && $0.gyroscopeMean.isFinite })
        // 0.75–2.75 s: a still segment after the NaN's window.
        #expect(segments.map(\.range.lowerBound).contains { $0 > 50 && $0 < 100 }, "\(segments.map(\.range))")
    }

    @Test("the guided gyroscope procedure counts bad readings and finishes on the good ones")
    func guidedProcedureCountsBadReadings() {
        var procedure = GuidedGyroscope(stillSeconds: 3)
        var finished: GuidedResult?
        var fed = 0
        for sample in Self.poisoned(Self.still(500), every: 50) where finished == nil {
            if !SampleBounds.accepts(sample) { fed += 1 }
            for event in procedure.add(sample) {
                if case .finished(let result) = event { finished = result }
            }
        }
        #expect(fed >= 5)
        #expect(procedure.rejectedSamples == fed)
        guard case .gyroscope(let calibration, _) = finished else {
            Issue.record("no gyroscope result: \(String(describing: finished))")
            return
        }
        #expect(calibration.bias.isFinite && (calibration.bias - Self.bias).maxMagnitude < 0.001)
    }

    @Test(
        "the store refuses an implausible calibration and writes nothing",
        arguments: [
            (CalibrationFile(sensor: "s", gyroscope: GyroscopeCalibration(bias: Vector3(1, 0, 0))), "'gyroscope.bias' has a component of 1.0 rad/s, at most 0.3491 rad/s is plausible"),
            (CalibrationFile(sensor: "s", gyroscope: GyroscopeCalibration(bias: Vector3(.nan, 0, 0))), "'gyroscope.bias' is not finite"),
            (CalibrationFile(sensor: "s", accelerometer: AccelerometerCalibration(offset: .zero, matrix: Matrix3(diagonal: Vector3(2, 1, 1)))), "'accelerometer.matrix' is far from the identity"),
            (CalibrationFile(sensor: "s", accelerometer: AccelerometerCalibration(offset: Vector3(0, 0, 9.8))), "'accelerometer.offset' has a component of 9.8 m/s²"),
            (CalibrationFile(sensor: "s", magnetometer: MagnetometerCalibration(hardIron: Vector3(1e5, 0, 0))), "'magnetometer.hard_iron'"),
        ])
    func storeRefusesImplausibleFiles(file: CalibrationFile, expected: String) throws {
        let directory = NSTemporaryDirectory() + "plausibility-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = CalibrationStore(userDirectory: directory, systemDirectory: directory + "/system")
        do {
            _ = try store.save(file)
            Issue.record("an implausible file was saved")
        } catch {
            guard case .implausible(_, let detail) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(detail.contains(expected), "\(detail)")
            #expect(error.isContentError)
        }
        #expect(!FileManager.default.fileExists(atPath: store.candidatePaths(forSensor: "s")[0]))
    }

    @Test("a stored file with an implausible value is reported as corrupt, naming the member")
    func storedImplausibleFileIsCorrupt() throws {
        let good = CalibrationFile(sensor: "s", gyroscope: GyroscopeCalibration(bias: Self.bias))
        let text = good.jsonText.replacingOccurrences(of: "0.02", with: "1.5")
        #expect(text != good.jsonText)
        #expect(throws: Never.self) { _ = try CalibrationFile(json: Array(good.jsonText.utf8), path: "good.json") }
        do {
            _ = try CalibrationFile(json: Array(text.utf8), path: "bad.json")
            Issue.record("an implausible file decoded")
        } catch {
            guard case .corrupt(let path, let detail) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(path == "bad.json")
            #expect(detail.contains("'gyroscope.bias' has a component of 1.5 rad/s"), "\(detail)")
        }
    }
}
