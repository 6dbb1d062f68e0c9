import Foundation
import MotionMath
import Testing
@testable import Calibration

/// The guided procedures as state machines, fed with synthetic 100 Hz samples of known sensor errors (`Truth`),
/// without a command line or a device.
@Suite("Guided calibration procedures")
struct GuidedProcedureTests {
    /// The faces in the order the procedure asks for them: +z, −z, +x, −x, +y, −y.
    static let guidedOrder = AccelerometerFace.all.map(\.axis)

    /// Feeds `samples` until the procedure ends; returns every event in order.
    static func run(_ procedure: inout some GuidedProcedure, _ samples: [IMUSample]) -> [GuidedEvent] {
        var events: [GuidedEvent] = []
        for sample in samples where !procedure.isFinished { events += procedure.add(sample) }
        return events
    }

    static func result(_ events: [GuidedEvent]) -> GuidedResult? {
        guard case .finished(let result)? = events.last else { return nil }
        return result
    }

    static func accepted(_ events: [GuidedEvent]) -> [GuidedPose] {
        events.compactMap { if case .poseAccepted(let pose) = $0 { pose } else { nil } }
    }

    static func prompts(_ events: [GuidedEvent]) -> [GuidedPose] {
        events.compactMap { if case .prompt(let pose) = $0 { pose } else { nil } }
    }

    @Test func sixFacesInTheGuidedOrderRecoverTheInjectedErrors() throws {
        let samples = syntheticRecording(
            directions: Self.guidedOrder, matrix: Truth.accelerometerMatrix, stillSeconds: 3, seed: 60)
        var procedure = GuidedAccelerometer()
        #expect(procedure.task == .faces(count: 6, holdSeconds: 2))
        let events = Self.run(&procedure, samples)
        // One prompt and one acceptance per face, in order; each prompt before its acceptance.
        #expect(Self.prompts(events).map(\.face) == AccelerometerFace.all)
        #expect(Self.accepted(events).map(\.face) == AccelerometerFace.all)
        #expect(Self.accepted(events).map(\.number) == Array(1...6))
        guard case .accelerometer(let calibration, let poses)? = Self.result(events) else {
            Issue.record("not finished: \(events.suffix(3))")
            return
        }
        #expect(poses == 6)
        #expect(calibration.method == .sixPosition)
        #expect((calibration.offset - Truth.accelerometerOffset).maxMagnitude < 0.02)
        #expect(calibration.matrix.maximumDifference(to: Truth.accelerometerMatrix) < 0.01)
        // Held poses progress from 0 to 1; the turns between faces say "moving" or "wrong orientation".
        let feedback = events.compactMap { if case .progress(_, let f) = $0 { f } else { nil } }
        #expect(feedback.contains(.moving(GuidedPose(number: 2, count: 6, face: AccelerometerFace.all[1]))))
        #expect(feedback.contains(.wrongOrientation(GuidedPose(number: 2, count: 6, face: AccelerometerFace.all[1]))))
    }

    @Test func facesInAnotherOrderAreNotTaken() {
        // +z, +x, +y, −x, −y, −z: after +z the procedure waits for −z, which comes last; the faces in between are
        // still but wrongly oriented.
        let directions = [Vector3(0, 0, 1), Vector3(1, 0, 0), Vector3(0, 1, 0), Vector3(-1, 0, 0),
                          Vector3(0, -1, 0), Vector3(0, 0, -1)]
        let samples = syntheticRecording(
            directions: directions, matrix: Truth.accelerometerMatrix, stillSeconds: 3, seed: 61)
        var procedure = GuidedAccelerometer()
        let events = Self.run(&procedure, samples)
        #expect(!procedure.isFinished)
        #expect(procedure.poses.count == 2)
        #expect(procedure.shortfall == .faceNotHeld(AccelerometerFace.all[2], done: 2, count: 6))
        #expect(events.contains(
            .progress(fraction: 0, feedback: .wrongOrientation(GuidedPose(number: 2, count: 6, face: AccelerometerFace.all[1])))))
    }

    @Test func levelTakesTheFlatPoseForTheOffset() throws {
        let samples = syntheticRecording(directions: [Vector3(0, 0, 1)], matrix: .identity, stillSeconds: 3, seed: 62)
        var procedure = GuidedAccelerometer(level: true)
        #expect(procedure.task == .level(holdSeconds: 2))
        let events = Self.run(&procedure, samples)
        guard case .accelerometer(let calibration, 1)? = Self.result(events) else {
            Issue.record("not finished: \(events.suffix(3))")
            return
        }
        #expect(calibration.method == .level)
        // Level: the offset along z absorbs the whole error, x and y are the true offset.
        #expect(abs(calibration.offset.x - Truth.accelerometerOffset.x) < 0.02)
        #expect(abs(calibration.offset.y - Truth.accelerometerOffset.y) < 0.02)
    }

    @Test func twelveFreePosesRecoverTheSymmetricErrors() throws {
        let directions = faceDirections + [
            Vector3(1, 1, 1), Vector3(-1, 1, -1), Vector3(1, -1, -1), Vector3(-1, -1, 1), Vector3(1, 1, -1),
            Vector3(-1, 1, 1),
        ]
        let samples = syntheticRecording(
            directions: directions, matrix: Truth.symmetricAccelerometerMatrix, stillSeconds: 3, seed: 63)
        var procedure = GuidedFreePoses()
        let events = Self.run(&procedure, samples)
        #expect(Self.prompts(events).map(\.number) == Array(1...12))
        #expect(Self.accepted(events).allSatisfy { $0.face == nil })
        guard case .accelerometer(let calibration, 12)? = Self.result(events) else {
            Issue.record("not finished: \(events.suffix(3))")
            return
        }
        #expect(calibration.method == .ellipsoid)
        #expect((calibration.offset - Truth.accelerometerOffset).maxMagnitude < 0.02)
        #expect(calibration.matrix.maximumDifference(to: Truth.symmetricAccelerometerMatrix) < 0.02)
    }

    @Test func aRepeatedFreePoseIsRejected() {
        // The second still period is the first orientation again, 5° off: not a new pose.
        let samples = syntheticRecording(
            directions: [Vector3(0, 0, 1), Vector3(0, 0.0875, 1), Vector3(1, 0, 0)], matrix: .identity,
            stillSeconds: 3, seed: 64)
        var procedure = GuidedFreePoses()
        let events = Self.run(&procedure, samples)
        #expect(procedure.poses.count == 2)
        #expect(events.contains(.progress(fraction: 0, feedback: .wrongOrientation(GuidedPose(number: 2, count: 12)))))
        #expect(procedure.shortfall == .tooFewPoses(found: 2, needed: 12))
    }

    @Test func gyroscopeStartsAgainWhenTheDeviceMovesAndThenRecoversTheBias() throws {
        // 1.5 s still (not enough for 2 s), a turn, then 3 s still.
        let samples = syntheticRecording(
            directions: [Vector3(0, 0, 1), Vector3(1, 0, 0)], matrix: .identity, stillSeconds: 1.5, moveSeconds: 1,
            seed: 65) + syntheticRecording(
                directions: [Vector3(1, 0, 0)], matrix: .identity, stillSeconds: 3, seed: 66
            ).map { IMUSample(t: $0.t + 2.5, accelerometer: $0.accelerometer, gyroscope: $0.gyroscope) }
        var procedure = GuidedGyroscope(stillSeconds: 2)
        #expect(procedure.task == .keepStill(seconds: 2))
        let events = Self.run(&procedure, samples)
        let restarts = events.compactMap { if case .restarted(let held) = $0 { held } else { nil } }
        #expect(restarts.count == procedure.restarts)
        // The first still period (1.5 s less the window's half second) ended in a noticeable restart.
        #expect(restarts.contains { $0 > 0.9 && $0 < 1.1 })
        guard case .gyroscope(let calibration, let stillSamples)? = Self.result(events) else {
            Issue.record("not finished: \(events.suffix(3))")
            return
        }
        #expect(stillSamples >= 200)
        #expect((calibration.bias - Truth.gyroscopeBias).maxMagnitude < 3 * 0.003 / Double(stillSamples).squareRoot())
        let fractions = events.compactMap { if case .progress(let f, .still(nil)) = $0 { f } else { nil } }
        #expect(fractions.last.map { $0 >= 1 } == true)
    }

    @Test func gyroscopeNeverStillSaysSo() {
        let samples = syntheticRecording(
            directions: [Vector3(0, 0, 1), Vector3(1, 0, 0), Vector3(0, 1, 0)], matrix: .identity, stillSeconds: 1,
            moveSeconds: 1, seed: 67)
        var procedure = GuidedGyroscope(stillSeconds: 5)
        let events = Self.run(&procedure, samples)
        #expect(!procedure.isFinished)
        #expect(procedure.restarts >= 2)
        #expect(procedure.shortfall == .neverStill(seconds: 5, restarts: procedure.restarts))
        #expect(events.first == .progress(fraction: 0, feedback: .moving(nil)))
    }

    @Test func gyroscopeOfASlowlyPolledSensorFinishesAfterTheStillTime() throws {
        // An LSM6DS3 polled without its interrupt line: the driver sleeps before each read, so samples come every
        // 0.09–0.16 s (the VM saw 4–10 a second). Constant readings: the device lies still throughout.
        var generator = SplitMix64(seed: 71)
        var t = 0.0
        var samples: [IMUSample] = []
        while t < 12 {
            samples.append(
                IMUSample(t: t, accelerometer: Vector3(1.471, -2.452, 9.381), gyroscope: Truth.gyroscopeBias))
            t += 0.09 + 0.07 * Double(generator.next() % 1000) / 1000
        }
        var procedure = GuidedGyroscope(stillSeconds: 2)
        let events = Self.run(&procedure, samples)
        #expect(procedure.restarts == 0)
        guard case .gyroscope(let calibration, let stillSamples)? = Self.result(events) else {
            Issue.record("not finished after 12 s: \(procedure.restarts) restarts, \(events.suffix(2))")
            return
        }
        #expect(stillSamples >= 12)
        #expect((calibration.bias - Truth.gyroscopeBias).maxMagnitude < 1e-12)
        #expect((calibration.quality?.duration ?? 0) >= 2)
    }

    /// A 100 Hz rotation whose field direction follows `direction(progress)`, raw with `Truth`'s hard and soft iron.
    static func rotation(seconds: Double, seed: UInt64, direction: (Double) -> Vector3) -> [IMUSample] {
        var generator = SplitMix64(seed: seed)
        let count = Int(seconds * 100)
        return (0..<count).map { i in
            let b = direction(Double(i) / Double(count)) * Truth.fieldStrength
            return IMUSample(
                t: Double(i) / 100, accelerometer: Vector3(0, 0, 9.81), gyroscope: .zero,
                magnetometer: Truth.rawMagnetometer(b) + generator.noise(0.3))
        }
    }

    @Test func magnetometerStopsAtEnoughCoverageAndRecoversHardAndSoftIron() throws {
        // A spiral over the whole sphere in 60 s: the coverage reaches 85 % before the end.
        let samples = Self.rotation(seconds: 60, seed: 68) { progress in
            let theta = Double.pi * progress
            let phi = 2 * Double.pi * 25 * progress
            return Vector3(sin(theta) * cos(phi), sin(theta) * sin(phi), cos(theta))
        }
        var procedure = GuidedMagnetometer(longestSeconds: 90)
        let events = Self.run(&procedure, samples)
        guard case .magnetometer(let calibration, let count, let coverage)? = Self.result(events) else {
            Issue.record("not finished: \(events.suffix(3))")
            return
        }
        #expect(coverage >= GuidedMagnetometer.enough)
        #expect(count < samples.count)
        #expect((calibration.hardIron - Truth.hardIron).maxMagnitude < 0.5)
        #expect(calibration.softIron.maximumDifference(to: Truth.softIron) < 0.02)
    }

    @Test func magnetometerTurnedInOnePlaneIsRefused() {
        // Only about z: the soft iron is undetermined; the procedure ends at its time limit with a refusal.
        let samples = Self.rotation(seconds: 30, seed: 69) { progress in
            Vector3(cos(8 * Double.pi * progress), sin(8 * Double.pi * progress), 0)
        }
        var procedure = GuidedMagnetometer(longestSeconds: 20)
        let events = Self.run(&procedure, samples)
        #expect(procedure.isFinished)
        guard case .refused? = events.last else {
            Issue.record("not refused: \(events.suffix(2))")
            return
        }
        #expect(procedure.add(samples[samples.count - 1]).isEmpty)
    }

    @Test func stillnessIsOneTestForRecordingsAndLiveWindows() {
        // The segmenter (centred windows over a recording) and the live window (the last half second) apply the same
        // test: well inside a still period both say still, well inside a turn both say moving.
        let samples = syntheticRecording(
            directions: [Vector3(0, 0, 1), Vector3(1, 0, 0)], matrix: .identity, stillSeconds: 2, moveSeconds: 2,
            seed: 70)
        let segments = StillnessSegmenter().segments(samples)
        var window = StillnessWindow()
        let live = samples.map { window.add($0) }
        // Still from 0.5 s (the window filled) to 2 s; turning from 2 s to 4 s; still again from 4.5 s.
        for (i, sample) in samples.enumerated() {
            let inSegment = segments.contains { $0.range.contains(i) }
            if (0.8...1.7).contains(sample.t) || (4.8...5.7).contains(sample.t) {
                #expect(inSegment && live[i], "t = \(sample.t)")
            } else if (2.6...3.6).contains(sample.t) {
                #expect(!inSegment && !live[i], "t = \(sample.t)")
            }
        }
        // A stricter test applies to both.
        var strict = StillnessTest()
        strict.accelerometerThreshold = 0.01
        var settings = StillnessSegmenter.Settings()
        settings.stillness = strict
        var strictWindow = StillnessWindow(test: strict)
        #expect(StillnessSegmenter(settings: settings).segments(samples).isEmpty)
        #expect(!samples.map { strictWindow.add($0) }.contains(true))
    }
}
