import BodyReadings
import Foundation
import TestSupport
import Testing

@testable import BodyReadingsCLI

/// `bodyreadings heart-rate` on recordings and on the simulated source: the output contract, the accuracy on the
/// development recordings, and one-line errors with their exit status.
@Suite("heart-rate command")
struct HeartRateCommandTests {
    /// (time, heart rate or nil) of the CSV rows, after checking the header.
    static func beats(_ csv: String) throws -> [(t: Double, heartRate: Double?)] {
        var lines = csv.split(separator: "\n").map(String.init)
        #expect(lines.first == "t,heart_rate,rr_interval,quality")
        lines.removeFirst()
        return try lines.map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            #expect(fields.count == 4)
            #expect(["good", "irregular", "poor"].contains(fields[3]))
            // Only good beats carry a heart rate.
            #expect(fields[1].isEmpty == (fields[3] != "good"))
            return (try #require(Double(fields[0])), Double(fields[1]))
        }
    }

    static func temporaryFile(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("heart-rate-\(UUID().uuidString).csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(
        "the development recordings: windowed error as bench/heart-rate measured it, ≥ 90 % of windows",
        .enabled(if: PPGData.isPresent, "needs ../shared/data/ppg"),
        arguments: [("a103l", 3.0), ("mixedsignals", 1.2)])
    func developmentRecordings(record: String, bound: Double) throws {
        let result = runStream(["heart-rate", PPGData.csv(record)])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let beats = try Self.beats(result.stdout)
        let reference = try PPGData.referenceBeats(record)
        let metric = HeartRateWindowMetric(beats: beats, reference: reference, duration: reference.last ?? 0)
        #expect(metric.meanAbsoluteError <= bound, "\(metric)")
        #expect(metric.coverage >= 0.9, "\(metric)")
    }

    @Test("jsonl: one object per beat and the summary; --count stops after that many beats")
    func jsonLines() throws {
        let path = try Self.temporaryFile(
            "t,ecg,ppg\n" + (0..<3000).map { i -> String in
                let t = Double(i) / 100
                let phase = (t * 1.25).truncatingRemainder(dividingBy: 1)  // 75 beats/min
                return "\(t),0,\(exp(-pow((phase - 0.3) / 0.08, 2) / 2))"
            }.joined(separator: "\n") + "\n")
        defer { unlink(path) }
        let result = runStream(["heart-rate", path, "--format", "jsonl"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let objects = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let summary = try #require(objects.last?["summary"] as? [String: Any])
        #expect(summary["beats"] as? Int == objects.count - 1)
        #expect(abs((summary["mean_heart_rate"] as? Double ?? 0) - 75) < 0.5, "\(summary)")
        #expect(abs((summary["duration"] as? Double ?? 0) - 29.99) < 1e-9)
        let good = objects.dropLast().filter { $0["quality"] as? String == "good" }
        #expect(!good.isEmpty && good.allSatisfy { abs(($0["heart_rate"] as? Double ?? 0) - 75) < 1 })
        #expect(objects.dropLast().allSatisfy { $0.keys.sorted() == ["heart_rate", "quality", "rr_interval", "t"] })
        let counted = runStream(["heart-rate", path, "--count", "4"])
        #expect(counted.stdout.split(separator: "\n").count == 5)
    }

    @Test("intensity columns fall at systole and are read negated; empty PPG fields are rows of no sample")
    func intensityColumns() throws {
        var rows = ["t,accel_x,ppg_red,ppg_ir"]
        for i in 0..<3000 {
            let t = Double(i) / 100
            let pulse = exp(-pow(((t * 1.25).truncatingRemainder(dividingBy: 1) - 0.3) / 0.08, 2) / 2)
            rows.append("\(t),0.1,\(100_000 * (1 - 0.01 * pulse)),\(120_000 * (1 - 0.02 * pulse))")
            rows.append("\(t + 0.005),0.2,,")
        }
        let path = try Self.temporaryFile(rows.joined(separator: "\n") + "\n")
        defer { unlink(path) }
        let result = runStream(["heart-rate", path])
        #expect(result.status == 0, "\(result.stderr)")
        let rates = try Self.beats(result.stdout).compactMap(\.heartRate)
        #expect(rates.count > 20 && rates.allSatisfy { abs($0 - 75) < 1 }, "\(rates)")
    }

    @Test("bad input: one error line naming FILE:LINE, exit 65; a missing file 74; FILE with --source 64", arguments: [
        ("t,ppg\n0,1\n0.01,abc\n", 65, ":3: column 'ppg' is not a number: 'abc'"),
        ("t,ecg\n0,1\n", 65, ":1: missing column 'ppg'; the header needs t and a PPG column"),
        ("ppg\n1\n", 65, ":1: missing column 't'"),
        ("t,ppg\n0,1\n0,2\n", 65, ":3: t = 0 does not increase"),
        ("t,ppg\n0,1,2\n", 65, ":2: 3 fields but the header has 2"),
        ("", 65, ": empty input, not even a header line"),
    ])
    func badInput(text: String, status: Int32, message: String) throws {
        let path = try Self.temporaryFile(text)
        defer { unlink(path) }
        let result = runStream(["heart-rate", path])
        #expect(result.status == status)
        #expect(result.stderr.hasPrefix("error: \(path)"), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func missingFileAndMisusedOptions() {
        let missing = runStream(["heart-rate", "/nonexistent/pulse.csv"])
        #expect(missing.status == 74)
        #expect(missing.stderr.hasPrefix("error: cannot open '/nonexistent/pulse.csv'"))
        let both = runStream(["heart-rate", "/nonexistent/pulse.csv", "--source", "sim"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("--source is for a live source"))
    }

    @Test("--source sim: beats with a heart rate near the simulated 72 beats/min, the summary after --duration")
    func simulated() throws {
        let result = runStream(["heart-rate", "--source", "sim", "--fast", "--duration", "60", "--format", "jsonl"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("stopped (duration reached) after"))
        let last = try #require(result.stdout.split(separator: "\n").last)
        let object = try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]
        let summary = try #require(object?["summary"] as? [String: Any])
        #expect(abs((summary["mean_heart_rate"] as? Double ?? 0) - 72) < 4, "\(summary)")
        #expect((summary["beats"] as? Int ?? 0) > 60)
    }

    @Test("on a terminal: one live line with the heart rate or a placeholder, never a zero")
    func liveLine() throws {
        let (console, captured) = Console.capture(outputIsTerminal: true)
        let status = BodyReadingsTool.run(
            arguments: ["heart-rate", "--source", "sim", "--fast", "--duration", "20"], console: console)
        #expect(status == 0)
        let frames = captured.stdout.split(separator: "\r").map(String.init)
        #expect(frames.count > 10)
        #expect(frames.contains { $0.contains(" -- bpm") })
        #expect(frames.contains { $0.contains(" bpm  good") && !$0.contains(" -- bpm") })
        #expect(!frames.contains { $0.contains("  0 bpm") })
    }

    @Test("a source without a pulse sensor: exit 69 naming --source sim")
    func noPulseSensor() throws {
        let recording = try Self.temporaryFile(
            "t,accel_x,accel_y,accel_z,anglvel_x,anglvel_y,anglvel_z\n0,0,0,9.8,0,0,0\n0.01,0,0,9.8,0,0,0\n")
        defer { unlink(recording) }
        let result = runStream(["heart-rate", "--source", "replay:\(recording)"])
        #expect(result.status == 69)
        #expect(result.stderr.contains("has no pulse sensor"))
        #expect(result.stderr.contains("--source sim"))
    }
}
