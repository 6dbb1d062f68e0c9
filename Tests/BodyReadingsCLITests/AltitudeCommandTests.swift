import Foundation
import TestSupport
import Testing

@testable import BodyReadingsCLI

/// `bodyreadings altitude` on recordings and on the simulated building, and its one-line errors with their status.
@Suite("altitude command")
struct AltitudeCommandTests {
    /// A 25 Hz recording t,pressure,temperature of `seconds` whose altitude is `altitude(t)` (20 °C, 101.325 kPa
    /// at 0 m, 29.27 m/K × 293.15 K of scale height), with `extra` columns and values appended.
    static func recording(seconds: Double, extra: String = "", altitude: (Double) -> Double) -> String {
        var rows = ["t,pressure,temperature" + (extra.isEmpty ? "" : ",\(extra)")]
        for i in 0...Int(seconds * 25) {
            let t = Double(i) / 25
            let kPa = 101.325 * exp(-altitude(t) / (29.2712 * 293.15))
            rows.append("\(t),\(kPa),20" + (extra.isEmpty ? "" : ",0"))
        }
        return rows.joined(separator: "\n") + "\n"
    }

    static func jsonLines(_ text: String) throws -> (rows: [[String: Any]], summary: [String: Any]) {
        let objects = try text.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let summary = try #require(objects.last?["summary"] as? [String: Any])
        return (Array(objects.dropLast()), summary)
    }

    @Test("a recording: one row per sample, the height of a 6 m lift ride within 2 s, no floors without steps")
    func recordingRows() throws {
        let directory = try TemporaryDirectory(prefix: "altitude")
        let path = directory.file("p.csv")
        try Self.recording(seconds: 20) { t in 6 * min(1, max(0, (t - 5) / 4)) }
            .write(toFile: path, atomically: true, encoding: .utf8)
        let csv = runStream(["altitude", path])
        #expect(csv.status == 0, "\(csv.stderr)")
        let lines = csv.stdout.split(separator: "\n")
        #expect(lines.first == "t,pressure,relative_altitude")
        #expect(lines.count == 1 + 501)
        let result = runStream(["altitude", path, "--format", "jsonl"])
        let (rows, summary) = try Self.jsonLines(result.stdout)
        let at11 = try #require(rows.first { ($0["t"] as? Double ?? 0) >= 11 })
        #expect(abs((at11["relative_altitude"] as? Double ?? 0) - 6) < 0.1, "\(at11)")
        #expect(abs((summary["relative_altitude"] as? Double ?? 0) - 6) < 0.01, "\(summary)")
        #expect(summary["samples"] as? Int == 501)
        #expect(summary["floors_ascended"] is NSNull)
    }

    @Test("--source sim: the demo building's 3 floors up and 1 down by stairs, none by lift")
    func simulated() throws {
        let result = runStream(["altitude", "--source", "sim", "--format", "jsonl"])
        #expect(result.status == 0, "\(result.stderr)")
        let (rows, summary) = try Self.jsonLines(result.stdout)
        #expect(rows.count > 5000)
        #expect(summary["floors_ascended"] as? Int == 3, "\(summary)")
        #expect(summary["floors_descended"] as? Int == 1, "\(summary)")
        let short = runStream(["altitude", "--source", "sim", "--duration", "60", "--format", "jsonl"])
        #expect((try Self.jsonLines(short.stdout).summary["duration"] as? Double ?? 99) < 60)
    }

    @Test("steps on a recording with a pressure column: the floors climbed while walking in the summary")
    func stepsWithABarometer() throws {
        // StepsCommandTests' walk (60 steps at 2 steps/s from 1 s) with 6 m climbed between 5 s and 29 s, and the
        // same pressure climb before the walk (a lift): 2 floors, then none.
        func recording(climb: (Double) -> Double) -> String {
            let lines = StepsCommandTests.walk(steps: 60, rate: 50, withGyroscope: false).split(separator: "\n")
            var rows = [lines[0] + ",pressure"]
            for line in lines.dropFirst() {
                let t = Double(line.split(separator: ",")[0]) ?? 0
                rows.append(line + ",\(101.325 * exp(-climb(t) / (29.2712 * 288.15)))")
            }
            return rows.joined(separator: "\n") + "\n"
        }
        let directory = try TemporaryDirectory(prefix: "steps-floors")
        let stairs = directory.file("stairs.csv")
        try recording { t in 6 * min(1, max(0, (t - 5) / 24)) }.write(toFile: stairs, atomically: true, encoding: .utf8)
        let lift = directory.file("lift.csv")
        try recording { t in 6 * min(1, t / 0.8) }.write(toFile: lift, atomically: true, encoding: .utf8)
        let climbed = try Self.jsonLines(runStream(["steps", stairs, "--format", "jsonl"]).stdout).summary
        #expect(climbed["floors_ascended"] as? Int == 2, "\(climbed)")
        #expect(climbed["floors_descended"] as? Int == 0, "\(climbed)")
        let rode = try Self.jsonLines(runStream(["steps", lift, "--format", "jsonl"]).stdout).summary
        #expect(rode["floors_ascended"] as? Int == 0, "\(rode)")
        #expect(abs((rode["steps"] as? Int ?? 0) - 60) <= 2, "\(rode)")
        let plain = directory.file("plain.csv")
        try StepsCommandTests.walk(steps: 60, rate: 50, withGyroscope: false)
            .write(toFile: plain, atomically: true, encoding: .utf8)
        let none = try Self.jsonLines(runStream(["steps", plain, "--format", "jsonl"]).stdout).summary
        #expect(none["floors_ascended"] == nil)
    }

    @Test("a reading the altimeter rejects is skipped, counted in one warning after the rows, and the run goes on")
    func rejectedReading() throws {
        let directory = try TemporaryDirectory(prefix: "altitude")
        let path = directory.file("zero.csv")
        try "t,pressure\n0,101\n0.04,0\n0.08,101\n".write(toFile: path, atomically: true, encoding: .utf8)
        let result = runStream(["altitude", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "t,pressure,relative_altitude\n0,101,0\n0.08,101,0\n")
        #expect(result.stderr.contains("1 of 3 readings had a pressure not above 0 kPa"), "\(result.stderr)")
    }

    @Test("errors: one line each, with the status of the table")
    func errors() throws {
        let directory = try TemporaryDirectory(prefix: "altitude")
        let bad = directory.file("bad.csv")
        try "t,pressure\n0,101\nx,1\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let malformed = runStream(["altitude", bad])
        #expect(malformed.status == 65)
        #expect(malformed.stderr.contains("bad.csv:3"), "\(malformed.stderr)")
        let noColumn = directory.file("nocolumn.csv")
        try "t,foo\n0,1\n".write(toFile: noColumn, atomically: true, encoding: .utf8)
        let missing = runStream(["altitude", noColumn])
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("t,pressure (kPa)"), "\(missing.stderr)")
        #expect(runStream(["altitude", "--floor-height", "0"]).status == 64)
        #expect(runStream(["altitude", bad, "--source", "sim"]).status == 64)
        let replay = runStream(["altitude", "--source", "replay:\(bad)"])
        #expect(replay.status != 0 && replay.stderr.split(separator: "\n").count == 1, "\(replay.stderr)")
    }
}
