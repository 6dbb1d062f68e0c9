import BodyReadings
import Foundation
import IIODTestServer
import MotionSimulation
import TestSupport
import Testing

@testable import BodyReadingsCLI

/// `bodyreadings steps` on recordings of both shapes, on the simulated IMU (whose demo walks and runs known steps),
/// on a hardware step counter through libiio's network client, and its one-line errors with their exit status.
@Suite("steps command")
struct StepsCommandTests {
    /// The steps' rows (time, count, cadence, activity) of CSV output, after checking the header.
    static func steps(_ csv: String) throws -> [(t: Double, count: Int, cadence: Double, activity: String)] {
        var lines = csv.split(separator: "\n").map(String.init)
        #expect(lines.first == "t,steps,cadence,activity")
        lines.removeFirst()
        return try lines.map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            #expect(fields.count == 4)
            return (
                try #require(Double(fields[0])), try #require(Int(fields[1])), try #require(Double(fields[2])),
                fields[3]
            )
        }
    }

    /// The JSON objects of jsonl output and its summary (the last line).
    static func jsonLines(_ text: String) throws -> (rows: [[String: Any]], summary: [String: Any]) {
        let objects = try text.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let summary = try #require(objects.last?["summary"] as? [String: Any])
        return (Array(objects.dropLast()), summary)
    }

    /// A walk at 2 steps/s sampled at `rate`: 1 s still, then `steps` steps (vertical bounces of the magnitude with
    /// a heel-strike-like shape), then 2 s still; as `t,accel_x,accel_y,accel_z`, or with gyroscope columns too.
    static func walk(steps: Int, rate: Double, withGyroscope: Bool) -> String {
        var rows = [withGyroscope ? "t,accel_x,accel_y,accel_z,anglvel_x,anglvel_y,anglvel_z" : "t,accel_x,accel_y,accel_z"]
        let total = 1 + Double(steps) / 2 + 2
        for i in 0..<Int(total * rate) {
            let t = Double(i) / rate
            var bounce = 0.0
            if t >= 1, t < 1 + Double(steps) / 2 {
                let phase = ((t - 1) * 2).truncatingRemainder(dividingBy: 1)
                bounce = 3 * exp(-pow((phase - 0.2) / 0.08, 2)) - 0.8 * sin(2 * .pi * phase)
            }
            let gyro = withGyroscope ? ",0.01,-0.02,0.03" : ""
            rows.append("\(t),0.3,\(0.2 + 0.1 * bounce),\(9.81 + bounce)\(gyro)")
        }
        return rows.joined(separator: "\n") + "\n"
    }

    /// Writes `text` to `name` in `directory`; returns its path.
    static func write(_ directory: TemporaryDirectory, _ name: String, _ text: String) throws -> String {
        let path = directory.file(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("a recording of either shape: the same steps; one CSV row per step, counts increasing by one")
    func bothShapes() throws {
        let directory = try TemporaryDirectory(prefix: "steps")
        let accelOnly = try Self.write(directory, "walk-accel.csv", Self.walk(steps: 60, rate: 50, withGyroscope: false))
        let full = try Self.write(directory, "walk-full.csv", Self.walk(steps: 60, rate: 50, withGyroscope: true))
        let a = runStream(["steps", accelOnly])
        let b = runStream(["steps", full])
        #expect(a.status == 0 && b.status == 0, "\(a.stderr) \(b.stderr)")
        #expect(a.stdout == b.stdout)
        let rows = try Self.steps(a.stdout)
        #expect(abs(rows.count - 60) <= 2, "\(rows.count) steps of 60")
        #expect(rows.map(\.count) == Array(1...rows.count))
        #expect(rows.allSatisfy { $0.t >= 1 && $0.t <= 32 && $0.activity == "walking" })
        #expect(rows.dropFirst(5).allSatisfy { abs($0.cadence - 120) < 6 }, "\(rows.map(\.cadence))")
    }

    @Test("jsonl: the rows as objects and the summary; --count and --duration stop early")
    func jsonAndStops() throws {
        let directory = try TemporaryDirectory(prefix: "steps")
        let path = try Self.write(directory, "walk.csv", Self.walk(steps: 40, rate: 100, withGyroscope: false))
        let result = runStream(["steps", path, "--format", "jsonl"])
        #expect(result.status == 0, "\(result.stderr)")
        let (rows, summary) = try Self.jsonLines(result.stdout)
        #expect(summary["steps"] as? Int == rows.count)
        #expect(summary["counter"] as? String == "software")
        #expect(abs((summary["duration"] as? Double ?? 0) - 22.99) < 1e-9, "\(summary)")
        #expect(abs((summary["cadence"] as? Double ?? 0) - 120) < 6, "\(summary)")
        #expect(rows.allSatisfy { $0.keys.sorted() == ["activity", "cadence", "steps", "t"] })
        let counted = runStream(["steps", path, "--count", "7"])
        #expect(try Self.steps(counted.stdout).count == 7)
        let short = runStream(["steps", path, "--duration", "11", "--format", "jsonl"])
        let (shortRows, shortSummary) = try Self.jsonLines(short.stdout)
        #expect(shortRows.allSatisfy { ($0["t"] as? Double ?? 99) < 11 })
        #expect((shortSummary["duration"] as? Double ?? 99) < 11)
        #expect(shortRows.count < rows.count - 10)
    }

    @Test("the simulated IMU: within 5 % of the demo's true steps; never more than 2 a minute while it is still")
    func simulated() throws {
        let result = runStream(["steps", "--source", "sim", "--fast", "--duration", "120", "--format", "jsonl"])
        #expect(result.status == 0, "\(result.stderr)")
        let (rows, summary) = try Self.jsonLines(result.stdout)
        let truth = ScriptedTrajectory.demo.steps(from: 0, to: 120)
        #expect(truth.count > 50, "the demo walks")
        let counted = try #require(summary["steps"] as? Int)
        #expect(abs(Double(counted - truth.count)) <= 0.05 * Double(truth.count), "\(counted) of \(truth.count)")
        let times = rows.compactMap { $0["t"] as? Double }
        guard let firstTrue = truth.first else { return }
        #expect(times.filter { $0 < firstTrue - 1 }.count <= 2, "steps before the walk: \(times.prefix(5))")
        for time in times.prefix(20) {
            #expect(truth.contains { abs($0 - time) < 0.3 }, "step at \(time) s matches a true step")
        }
    }

    @Test("the live line: the walk's first steps shown marked tentative before they are counted; the final count")
    func liveLine() throws {
        let live = runStream(["steps", "--source", "sim", "--fast", "--duration", "30"], terminal: true)
        let piped = runStream(["steps", "--source", "sim", "--fast", "--duration", "30"])
        #expect(live.status == 0 && piped.status == 0, "\(live.stderr) \(piped.stderr)")
        let lines = live.stdout.components(separatedBy: "\r\u{1B}[K").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines)
        }.filter { !$0.isEmpty }
        func count(_ line: String) -> Int? {
            Int(line.split(separator: " ")[1].trimmingCharacters(in: CharacterSet(charactersIn: "~")))
        }
        let shown = try #require(lines.firstIndex { (count($0) ?? 0) >= 1 })
        #expect(lines[shown].hasPrefix("steps     ~1 ") && lines[shown].contains("tentative"), "\(lines[shown])")
        let counted = try #require(lines.firstIndex { $0.contains("walking") })
        #expect(shown < counted && count(lines[counted]) == 1, "\(lines.prefix(counted + 1))")
        let rows = try Self.steps(piped.stdout)
        let last = try #require(lines.last)
        #expect(rows.count > 20 && count(last) == rows.count, "the counted steps at the end: \(last), \(rows.count)")
    }

    @Test("a hardware counter over ip: counts what the chip counted, restores in_steps_en; --counter software too")
    func hardwareCounter() throws {
        // The chip counts from its enable: 100 s of rest before the demo walk (5 s of wall time at 20×) let a loaded
        // machine start the capture late without missing the first steps; the walk ends 6.5 s after the server starts.
        let server = try IIODTestServer(fixture: .bma400, trajectory: LeadInTrajectory(leadIn: 100), rateScale: 20)
        defer { server.stop() }
        let result = runStream([
            "steps", "--uri", server.uri, "--counter", "hardware", "--duration", "7.5", "--format", "jsonl",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let (rows, summary) = try Self.jsonLines(result.stdout)
        #expect(summary["counter"] as? String == "hardware")
        #expect(summary["steps"] as? Int == 44, "the demo walks 44 steps: \(summary)")
        #expect(rows.map { $0["steps"] as? Int ?? 0 } == Array(1...max(1, rows.count)))
        // The chip's own activity (the fixture's: walking, or running above 2.4 steps/s over 2 s); a step is never
        // still.
        let activities = rows.compactMap { $0["activity"] as? String }
        #expect(activities.count == rows.count && activities.allSatisfy { $0 == "walking" || $0 == "running" })
        #expect(activities.filter { $0 == "walking" }.count > rows.count / 2, "\(activities)")
        #expect(server.value(device: "bma400", channel: "steps", attribute: "en") == "0")
        #expect(server.writes.filter { $0.channel == "steps" && $0.attribute == "en" }.map(\.value) == ["1", "0"])
        let auto = runStream(["steps", "--uri", server.uri, "--duration", "0.5", "--format", "jsonl"])
        #expect(try Self.jsonLines(auto.stdout).summary["counter"] as? String == "hardware", "\(auto.stderr)")
        let software = runStream([
            "steps", "--uri", server.uri, "--counter", "software", "--duration", "0.5", "--format", "jsonl",
        ])
        #expect(software.status == 0, "\(software.stderr)")
        #expect(try Self.jsonLines(software.stdout).summary["counter"] as? String == "software")
    }

    @Test("bad input: one error line naming the fix, with its exit status; nothing is lost before a bad row")
    func errors() throws {
        let directory = try TemporaryDirectory(prefix: "steps")
        let good = Self.walk(steps: 30, rate: 50, withGyroscope: false)
        let bad = try Self.write(directory, "bad.csv", good + "99,1,x,3\n")
        let partial = try Self.write(directory, "partial.csv", "t,accel_x,accel_y,accel_z\n0,1,,2\n")
        let noColumn = try Self.write(directory, "nocolumn.csv", "t,accel_x,accel_y\n0,1,2\n")
        let cases: [([String], Int32, String)] = [
            (["steps", bad], 65, "bad.csv:\(good.split(separator: "\n").count + 1): column 'accel_y' is not a number"),
            (["steps", partial], 65, "partial.csv:2: column 'accel_y' is not a number"),
            (["steps", noColumn], 65, "missing column 'accel_z'"),
            (["steps", directory.path + "/absent.csv"], 74, "cannot open"),
            (["steps", bad, "--counter", "hardware"], 64, "a recording has no hardware step counter"),
            (["steps", bad, "--source", "sim"], 64, "--source is for a live source"),
            (["steps", "--source", "sim", "--counter", "hardware"], 69, "no hardware step counter"),
            (["steps", "--counter", "sometimes", "--source", "sim"], 64, "--counter"),
        ]
        for (arguments, status, message) in cases {
            let result = runStream(arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("error: ") && result.stderr.contains(message), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        let written = runStream(["steps", bad])
        #expect(try Self.steps(written.stdout.components(separatedBy: "\n").prefix { !$0.isEmpty }
            .joined(separator: "\n")).count >= 25, "the steps before the bad row are written")
    }
}
