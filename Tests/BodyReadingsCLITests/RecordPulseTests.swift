import BodyReadings
import Foundation
import PulseSimulation
import ReadingFormats
import TestSupport
import Testing

@testable import BodyReadingsCLI

/// `record` with a pulse sensor: the simulated one's PPG columns are recorded, `heart-rate FILE` and
/// `heart-rate --source replay:FILE` find its beats, and the motion in the file is the same as without them.
@Suite("record with a pulse sensor")
struct RecordPulseTests {
    static let sim = ["--source", "sim", "--ppg", "--seed", "4", "--fast", "--duration", "90"]

    /// The true beat onsets of `sim --seed 4` in the first 90 s (the simulator of the source, with its pulse seed).
    static func trueOnsets() -> [Double] {
        let source = SimulatedMotionSource(seed: 4)
        var simulator = PulseSimulator(settings: source.pulseSettings, seed: source.pulseSeed)
        var onsets: [Double] = []
        while true {
            let sample = simulator.next()
            guard sample.t < 90 else { return onsets }
            if let onset = sample.beat { onsets.append(onset) }
        }
    }

    @Test("heart-rate on the recording finds the simulated beats, live and replayed alike")
    func heartRateOfARecording() throws {
        let scratch = try TemporaryDirectory(prefix: "bodyreadings-record-ppg")
        let path = scratch.file("sim.csv")
        let recorded = runStream(["record", path] + Self.sim)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix(RecordingColumns.header(includesMagnetometer: true, includesPPG: true) + "\n"))
        let fromFile = runStream(["heart-rate", path])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        let beats = try HeartRateCommandTests.beats(fromFile.stdout)
        let onsets = Self.trueOnsets()
        #expect(Double(beats.count) > 0.8 * Double(onsets.count) && beats.count <= onsets.count + 2,
            "\(beats.count) beats, \(onsets.count) true")
        // Each reported heart rate against the true rate of the 8 s before it (as the pipeline test does).
        var errors: [Double] = []
        for beat in beats {
            guard let heartRate = beat.heartRate else { continue }
            let window = onsets.filter { $0 > beat.t - 8 && $0 <= beat.t }
            guard window.count > 2, let first = window.first, let last = window.last else { continue }
            errors.append(abs(heartRate - 60 * Double(window.count - 1) / (last - first)))
        }
        #expect(Double(errors.count) > 0.5 * Double(onsets.count))
        let mean = errors.reduce(0, +) / Double(max(errors.count, 1))
        #expect(mean < 1.5, "mean |error| \(mean) beats/min")
        // The same beats as heart-rate on the live simulated source and on the replayed recording.
        let live = runStream(["heart-rate", "--format", "csv"] + Self.sim.filter { $0 != "--ppg" })
        #expect(live.stdout == fromFile.stdout)
        let replayed = runStream(["heart-rate", "--source", "replay:\(path)", "--fast", "--format", "csv"])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(replayed.stdout == fromFile.stdout)
    }

    @Test("fuse and steps give the same with and without the PPG rows; --no-ppg records the IMU columns only")
    func motionIsUnchanged() throws {
        let scratch = try TemporaryDirectory(prefix: "bodyreadings-record-ppg")
        let withPPG = scratch.file("ppg.csv")
        let without = scratch.file("imu.csv")
        #expect(runStream(["record", withPPG] + Self.sim).status == 0)
        #expect(runStream(["record", without] + Self.sim.filter { $0 != "--ppg" }).status == 0)
        let plain = try String(contentsOfFile: without, encoding: .utf8)
        #expect(plain.hasPrefix(RecordingColumns.header(includesMagnetometer: true) + "\n"))
        let full = try String(contentsOfFile: withPPG, encoding: .utf8)
        #expect(full.split(separator: "\n").count > plain.split(separator: "\n").count + 5000)
        let fusedWith = runStream(["fuse", withPPG])
        let fusedWithout = runStream(["fuse", without])
        #expect(fusedWith.status == 0 && fusedWithout.status == 0, "\(fusedWith.stderr)")
        #expect(fusedWith.stdout.split(separator: "\n").count > 4000)
        #expect(fusedWith.stdout == fusedWithout.stdout)
        let stepsWith = runStream(["steps", withPPG])
        #expect(stepsWith.status == 0, "\(stepsWith.stderr)")
        #expect(stepsWith.stdout.split(separator: "\n").count > 20)
        #expect(stepsWith.stdout == runStream(["steps", without]).stdout)
        // A motion replay of the PPG recording streams like the plain one; heart-rate has nothing in the plain one.
        let stream = ["stream", "--fast", "--format", "csv", "--source"]
        #expect(runStream(stream + ["replay:\(withPPG)"]).stdout == runStream(stream + ["replay:\(without)"]).stdout)
        let none = runStream(["heart-rate", "--source", "replay:\(without)", "--fast"])
        #expect(none.status == 69)
        #expect(none.stderr.hasPrefix("error: ") && none.stderr.contains("no pulse sensor"))
    }

    @Test("--count counts IMU samples, not the PPG rows between them")
    func countIsOfSamples() {
        let result = runStream(["record", "-", "--source", "sim", "--ppg", "--fast", "--count", "7"])
        #expect(result.status == 0)
        let rows = result.stdout.split(separator: "\n").dropFirst()
        #expect(rows.filter { !$0.split(separator: ",", omittingEmptySubsequences: false)[1].isEmpty }.count == 7)
        #expect(rows.count > 7)
        #expect(result.stderr.contains("stopped (count reached) after 7 samples"))
    }
}
