import Foundation
import MotionMath
import Testing
@testable import Calibration

@Suite("Still segments and poses")
struct StillnessSegmenterTests {
    static let order: [Vector3] = [
        Vector3(0, 0, 1), Vector3(1, 0, 0), Vector3(0, 1, 0), Vector3(-1, 0, 0), Vector3(0, -1, 0), Vector3(0, 0, -1),
    ]

    @Test func findsOneSegmentPerStillPeriod() {
        let recording = syntheticRecording(directions: Self.order, matrix: Truth.accelerometerMatrix, seed: 40)
        let segmenter = StillnessSegmenter()
        let segments = segmenter.segments(recording)
        #expect(segments.count == 6)
        for segment in segments {
            // Each 2 s still period, trimmed by at most a window (0.5 s) in total.
            #expect(segment.duration > 1.4 && segment.duration <= 2.0)
        }
        #expect(segmenter.poses(segments).count == 6)
    }

    @Test func mergesRepeatedPoses() {
        let directions = Self.order + [Vector3(0, 0, 1), Vector3(0.05, 0, 1)]
        let recording = syntheticRecording(directions: directions, matrix: Truth.accelerometerMatrix, seed: 41)
        let segmenter = StillnessSegmenter()
        let segments = segmenter.segments(recording)
        #expect(segments.count == 8)
        let poses = segmenter.poses(segments)
        #expect(poses.count == 6)
        #expect(poses.map(\.samples).reduce(0, +) == segments.map(\.count).reduce(0, +))
    }

    @Test func recordingToSixPositionCalibration() throws {
        let recording = syntheticRecording(directions: Self.order, matrix: Truth.accelerometerMatrix, seed: 42)
        let segmenter = StillnessSegmenter()
        let poses = segmenter.poses(segmenter.segments(recording))
        let result = try AccelerometerCalibrator.calibrate(poses)
        #expect(result.method == .sixPosition)
        #expect((result.offset - Truth.accelerometerOffset).maxMagnitude < 0.02)
        #expect(result.matrix.maximumDifference(to: Truth.accelerometerMatrix) < 0.01)
    }

    @Test func recordingToGyroscopeBias() throws {
        let recording = syntheticRecording(directions: Self.order, matrix: Truth.accelerometerMatrix, seed: 43)
        let segments = StillnessSegmenter().segments(recording)
        let still = segments.flatMap { recording[$0.range] }
        let result = try GyroBiasEstimator.estimate(
            gyroscope: still.map(\.gyroscope), accelerometer: nil, times: still.map(\.t))
        let tolerance = 3 * 0.003 / Double(still.count).squareRoot()
        #expect((result.bias - Truth.gyroscopeBias).maxMagnitude < tolerance)
    }

    @Test func aMovingRecordingHasNoStillSegments() {
        var generator = SplitMix64(seed: 44)
        let samples = (0..<1000).map { i in
            IMUSample(
                t: Double(i) / 100,
                accelerometer: rotate(Vector3(0, 0, 9.81), about: Vector3(1, 0, 0), by: Double(i) / 100)
                    + generator.noise(0.03),
                gyroscope: Vector3(1, 0, 0) + generator.noise(0.003))
        }
        #expect(StillnessSegmenter().segments(samples).isEmpty)
        #expect(StillnessSegmenter().segments(Array(samples.prefix(2))).isEmpty)
    }
}
