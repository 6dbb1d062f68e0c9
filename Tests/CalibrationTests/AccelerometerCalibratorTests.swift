import Foundation
import MotionMath
import Testing
@testable import Calibration

@Suite("Accelerometer")
struct AccelerometerCalibratorTests {
    // Tolerances stated by the task: offset within 0.02 m/s², matrix elements within 1 % (0.01).
    static let offsetTolerance = 0.02
    static let matrixTolerance = 0.01

    @Test func sixPositionRecoversOffsetScaleAndMisalignment() throws {
        var generator = SplitMix64(seed: 20)
        let poses = faceDirections.map {
            syntheticPose(direction: $0, matrix: Truth.accelerometerMatrix, generator: &generator)
        }
        let result = try AccelerometerCalibrator.sixPosition(poses)
        #expect(result.method == .sixPosition)
        #expect((result.offset - Truth.accelerometerOffset).maxMagnitude < Self.offsetTolerance)
        #expect(result.matrix.maximumDifference(to: Truth.accelerometerMatrix) < Self.matrixTolerance)
        let quality = try #require(result.quality)
        #expect(quality.poses == 6)
        #expect(quality.samples == 1200)
        #expect(quality.coverage > 0.9)
        // Corrected faces read ±g along their axis to 0.02 m/s².
        for (pose, direction) in zip(poses, faceDirections) {
            #expect((result.corrected(pose.accelerometer) - direction * Truth.gravity).maxMagnitude < 0.02)
        }
    }

    @Test func ellipsoidRecoversOffsetAndSymmetricMatrix() throws {
        var generator = SplitMix64(seed: 21)
        let directions = (0..<14).map { _ in generator.direction() } + faceDirections
        let poses = directions.map {
            syntheticPose(direction: $0, matrix: Truth.symmetricAccelerometerMatrix, generator: &generator)
        }
        let result = try AccelerometerCalibrator.calibrate(poses)
        #expect(result.method == .ellipsoid)
        #expect((result.offset - Truth.accelerometerOffset).maxMagnitude < Self.offsetTolerance)
        #expect(result.matrix.maximumDifference(to: Truth.symmetricAccelerometerMatrix) < Self.matrixTolerance)
        let quality = try #require(result.quality)
        #expect(quality.residual < 0.01)
        #expect(quality.poses == 20)
    }

    @Test func ellipsoidWithNinePosesInAHemisphereAndBelow() throws {
        var generator = SplitMix64(seed: 22)
        // Nine poses, the minimum, well spread (six faces and three diagonals).
        let directions = faceDirections + [Vector3(1, 1, 1), Vector3(-1, 1, -1), Vector3(1, -1, -1)]
        let poses = directions.map {
            syntheticPose(direction: $0, matrix: Truth.symmetricAccelerometerMatrix, generator: &generator)
        }
        let result = try AccelerometerCalibrator.ellipsoid(poses)
        #expect((result.offset - Truth.accelerometerOffset).maxMagnitude < Self.offsetTolerance)
        #expect(result.matrix.maximumDifference(to: Truth.symmetricAccelerometerMatrix) < Self.matrixTolerance)
    }

    @Test func refusesTooFewPoses() {
        var generator = SplitMix64(seed: 23)
        let poses = faceDirections.prefix(5).map {
            syntheticPose(direction: $0, matrix: Truth.accelerometerMatrix, generator: &generator)
        }
        #expect(throws: CalibrationError.tooFewPoses(found: 5, needed: 6)) {
            try AccelerometerCalibrator.calibrate(Array(poses))
        }
        #expect(throws: CalibrationError.tooFewPoses(found: 5, needed: 9)) {
            try AccelerometerCalibrator.ellipsoid(Array(poses))
        }
    }

    @Test func refusesPosesInOnePlane() {
        var generator = SplitMix64(seed: 24)
        // Twelve poses from turning about the x axis only: gravity stays in the y–z plane.
        let poses = (0..<12).map { k in
            syntheticPose(
                direction: rotate(Vector3(0, 0, 1), about: Vector3(1, 0, 0), by: Double(k) * Double.pi / 6),
                matrix: Truth.symmetricAccelerometerMatrix, generator: &generator)
        }
        #expect {
            try AccelerometerCalibrator.calibrate(poses)
        } throws: { error in
            guard case .insufficientCoverage(let coverage, _) = error as? CalibrationError else { return false }
            return coverage < 0.01
        }
    }

    @Test func sixPositionNamesTheMissingFace() {
        var generator = SplitMix64(seed: 25)
        // +z twice (tilted by 5°), no −z.
        let directions = Array(faceDirections.prefix(5)) + [Vector3(0.087, 0, 0.996)]
        let poses = directions.map {
            syntheticPose(direction: $0, matrix: Truth.accelerometerMatrix, generator: &generator)
        }
        #expect(throws: CalibrationError.missingFaces(["−z"])) {
            try AccelerometerCalibrator.sixPosition(poses)
        }
    }

    @Test func refusesInconsistentPoses() {
        var generator = SplitMix64(seed: 26)
        // Twenty poses, one taken while the device was being pushed (10 % more along gravity, ≈ 1 m/s²): with redundancy the fit cannot
        // absorb it and the residual exceeds 0.1 m/s². (With 9–10 poses it could: the README advises 12 or more.)
        var poses = (faceDirections + (0..<14).map { _ in generator.direction() }).map {
            syntheticPose(direction: $0, matrix: Truth.symmetricAccelerometerMatrix, generator: &generator)
        }
        poses[7].accelerometer = Truth.accelerometerOffset + (poses[7].accelerometer - Truth.accelerometerOffset) * 1.1
        #expect {
            try AccelerometerCalibrator.ellipsoid(poses)
        } throws: { error in
            guard case .residualTooLarge = error as? CalibrationError else { return false }
            return true
        }
    }

    @Test func levelRecoversTheOffsetOfAnExactScale() throws {
        var generator = SplitMix64(seed: 27)
        let pose = syntheticPose(direction: Vector3(0, 0, 1), matrix: .identity, generator: &generator)
        let result = try AccelerometerCalibrator.level(pose)
        #expect(result.method == .level)
        #expect(result.matrix == .identity)
        #expect((result.offset - Truth.accelerometerOffset).maxMagnitude < Self.offsetTolerance)
        // Tilted by 15°: refused (a tilt would be taken for an offset of g·sin 15° ≈ 2.5 m/s²).
        let tilted = syntheticPose(
            direction: rotate(Vector3(0, 0, 1), about: Vector3(1, 0, 0), by: 15 * Double.pi / 180), matrix: .identity,
            generator: &generator)
        #expect {
            try AccelerometerCalibrator.level(tilted)
        } throws: { error in
            guard case .implausible(let what) = error as? CalibrationError else { return false }
            return what.contains("tilted")
        }
    }
}
