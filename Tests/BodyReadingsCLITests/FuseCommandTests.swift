import BodyReadings
import Foundation
import MotionMath
import MotionSimulation
import ReadingFormats
import Testing

@testable import BodyReadingsCLI

/// `bodyreadings fuse`, run in-process on recordings written to temporary files.
@Suite struct FuseCommandTests {
    static let header = "t,accel_x,accel_y,accel_z,anglvel_x,anglvel_y,anglvel_z"
    static let outputHeader = "t,attitude_w,attitude_x,attitude_y,attitude_z,rotation_rate_x,rotation_rate_y,"
        + "rotation_rate_z,gravity_x,gravity_y,gravity_z,user_acceleration_x,user_acceleration_y,user_acceleration_z"

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var rows: [[Double]] {
            stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map { Double(String($0))! } }
        }
    }

    static func fuse(_ arguments: [String]) -> Result {
        let (console, captured) = Console.capture()
        let status = BodyReadingsTool.run(arguments: ["fuse"] + arguments, console: console)
        return Result(status: status, stdout: captured.stdout, stderr: captured.stderr)
    }

    /// A temporary file holding `text`, removed at the end of `body`.
    static func withFile<T>(_ text: String, _ body: (String) throws -> T) rethrows -> T {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fuse-\(UUID()).csv").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    /// A simulated recording (text) and its truth.
    static func simulated(
        _ trajectory: any Trajectory, seconds: Double, rate: Double = 100, magnetometer: Bool = true, seed: UInt64 = 1
    ) throws -> (text: String, truth: [MotionTruth]) {
        var settings = SimulatedIMU.Settings()
        settings.sampleRate = rate
        settings.hasMagnetometer = magnetometer
        var imu = SimulatedIMU(trajectory: trajectory, settings: settings, seed: seed)
        var bytes: [UInt8] = []
        let writer = RecordingWriter(includesMagnetometer: magnetometer) { bytes += $0 }
        var truth: [MotionTruth] = []
        for reading in imu.next(Int(seconds * rate)) {
            try writer.write(reading.sample)
            truth.append(reading.truth)
        }
        try writer.flush()
        return (String(decoding: bytes, as: UTF8.self), truth)
    }

    static func degrees(_ a: Vector3, _ b: Vector3) -> Double {
        let cosine = a.dot(b) / (a.norm * b.norm)
        return Foundation.acos(min(max(cosine, -1), 1)) * 180 / .pi
    }

    @Test func roundTripOfASimulatedRecordingMatchesTheTruth() throws {
        let (text, truth) = try Self.simulated(ScriptedTrajectory.demo, seconds: 60)
        let (result, viaFile) = try Self.withFile(text) { path in
            let output = path + ".out"
            defer { try? FileManager.default.removeItem(atPath: output) }
            let viaFile = Self.fuse([path, "-o", output])
            return (Self.fuse([path]), (viaFile, try String(contentsOfFile: output, encoding: .utf8)))
        }
        #expect(result.status == 0, "\(result.stderr)")
        // Well over 64 KiB: the chunked hand-over to the console and the file output agree byte for byte.
        #expect(result.stdout.utf8.count > 1 << 20)
        #expect(viaFile.0.status == 0 && viaFile.1 == result.stdout)
        #expect(result.stdout.hasPrefix(Self.outputHeader + "\n"))
        let rows = result.rows
        #expect(rows.count == truth.count)
        var gravityErrors: [Double] = []
        var attitudeErrors: [Double] = []
        for (row, exact) in zip(rows, truth) where row[0] > 5 {
            #expect(row[0] == exact.t)
            let gravity = Vector3(row[8], row[9], row[10])
            gravityErrors.append(Self.degrees(gravity, exact.gravity))
            let attitude = Quaternion(w: row[1], x: row[2], y: row[3], z: row[4])
            #expect(abs(attitude.norm - 1) < 1e-9)
            attitudeErrors.append(attitude.angle(to: exact.attitude) * 180 / .pi)
            // User acceleration = measured − gravity, exactly as printed.
        }
        let gravityRMS = (gravityErrors.map { $0 * $0 }.reduce(0, +) / Double(gravityErrors.count)).squareRoot()
        let attitudeRMS = (attitudeErrors.map { $0 * $0 }.reduce(0, +) / Double(attitudeErrors.count)).squareRoot()
        // Tolerances: the demo has walking, 4 rad/s spins and a gyro bias; the filter measured 0.31° (gravity) and
        // 0.51° (attitude) RMS here. The bounds (≈5×) catch gross errors (wrong column, frame or sign) and large
        // regressions; the filter's accuracy itself is benchmarked by bench/broad.
        #expect(gravityRMS < 1.5, "gravity direction RMS error \(gravityRMS)°")
        #expect(attitudeRMS < 3, "attitude RMS error \(attitudeRMS)°")
    }

    @Test func gravityAtRestInEveryTiltIncludingUpsideDown() throws {
        let (text, truth) = try Self.simulated(ScriptedTrajectory.tiltSequence(), seconds: 42, magnetometer: false)
        let rows = Self.withFile(text) { Self.fuse([$0, "--no-magnetometer"]) }.rows
        #expect(rows.count == truth.count)
        // At the end of every 2 s hold (after the 1.5 s turn), gravity is within 2° of the truth.
        for index in 0..<12 {
            let sample = Int((Double(index) * 3.5 + 1.9) * 100)
            let row = rows[sample]
            let error = Self.degrees(Vector3(row[8], row[9], row[10]), truth[sample].gravity)
            #expect(error < 2, "orientation \(index): gravity off by \(error)°")
            #expect(abs(Vector3(row[8], row[9], row[10]).norm - 9.81) < 0.05)
        }
    }

    @Test func intervalDecimatesAndKeepsTheFirstRow() throws {
        let (text, _) = try Self.simulated(ScriptedTrajectory.rest(), seconds: 10, magnetometer: false)
        Self.withFile(text) { path in
            #expect(Self.fuse([path]).rows.count == 1000)
            let tenth = Self.fuse([path, "--interval", "0.1"]).rows
            #expect(tenth.count == 100)
            #expect(tenth.first?[0] == 0)
            // Every 10th sample: the simulated times are index / 100.
            let expected: [Double] = (0..<100).map { Double($0 * 10) / 100 }
            #expect(tenth.map { $0[0] } == expected)
            #expect(Self.fuse([path, "--interval=0.25"]).rows.count == 40)
            #expect(Self.fuse([path, "--interval", "0"]).rows.count == 1000)
            #expect(Self.fuse([path, "--interval", "100"]).rows.count == 1)
        }
    }

    @Test func unitsGDividesAccelerationsOnly() throws {
        let (text, _) = try Self.simulated(ScriptedTrajectory.demo, seconds: 12)
        Self.withFile(text) { path in
            let si = Self.fuse([path, "--units", "si"]).rows
            let g = Self.fuse([path, "--units", "g"]).rows
            #expect(si.count == g.count && !si.isEmpty)
            for (a, b) in zip(si, g) {
                #expect(a[0..<8] == b[0..<8])
                for column in 8..<14 {
                    // Tolerance: one rounding of the division.
                    #expect(abs(b[column] - a[column] / 9.80665) <= 1e-15 * max(1, abs(a[column])))
                }
            }
            #expect(abs(Vector3(g[0][8], g[0][9], g[0][10]).norm - 9.81 / 9.80665) < 0.01)
        }
    }

    @Test func jsonLinesCarryTheSameValues() throws {
        let (text, _) = try Self.simulated(ScriptedTrajectory.demo, seconds: 3)
        try Self.withFile(text) { path in
            let csv = Self.fuse([path]).rows
            let result = Self.fuse([path, "--format", "jsonl"])
            #expect(result.status == 0)
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == csv.count)
            for (line, row) in zip(lines, csv) {
                let object = try #require(
                    try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                #expect(Set(object.keys) == ["t", "attitude", "rotation_rate", "gravity", "user_acceleration"])
                let attitude = try #require(object["attitude"] as? [String: Double])
                let rate = try #require(object["rotation_rate"] as? [String: Double])
                let gravity = try #require(object["gravity"] as? [String: Double])
                let user = try #require(object["user_acceleration"] as? [String: Double])
                #expect(Set(attitude.keys) == ["w", "x", "y", "z"])
                let values = [object["t"] as? Double, attitude["w"], attitude["x"], attitude["y"], attitude["z"],
                              rate["x"], rate["y"], rate["z"], gravity["x"], gravity["y"], gravity["z"],
                              user["x"], user["y"], user["z"]]
                // Tolerance: Foundation's JSON parser on Linux is not correctly rounded (a few ulps off).
                let close = zip(values, row).allSatisfy { json, csv in
                    guard let json else { return false }
                    return abs(json - csv) <= 1e-14 * max(1, abs(csv))
                }
                #expect(close, "\(line)")
            }
        }
    }

    @Test func outputFile() throws {
        let (text, _) = try Self.simulated(ScriptedTrajectory.demo, seconds: 2)
        try Self.withFile(text) { path in
            let output = path + ".out"
            defer { try? FileManager.default.removeItem(atPath: output) }
            let result = Self.fuse([path, "--output", output])
            #expect(result.status == 0)
            #expect(result.stdout.isEmpty)
            let written = try String(contentsOfFile: output, encoding: .utf8)
            #expect(written.hasPrefix(Self.outputHeader + "\n"))
            #expect(written.split(separator: "\n").count == 201)
            #expect(written == Self.fuse([path]).stdout)
            let unwritable = Self.fuse([path, "--output", "/nonexistent/dir/out.csv"])
            #expect(unwritable.status == 74)
            #expect(unwritable.stderr.contains("/nonexistent/dir/out.csv"))
        }
    }

    @Test func noMagnetometerLeavesTheHeadingAtItsStart() throws {
        // Lying still facing 1 rad west of north: 9D finds that heading, 6D keeps its arbitrary start (0).
        let heading = 1.0
        let (text, _) = try Self.simulated(
            ScriptedTrajectory.rest(attitude: Quaternion(axis: Vector3(0, 0, 1), angle: heading)), seconds: 30)
        Self.withFile(text) { path in
            let nine = Self.fuse([path]).rows.last!
            let six = Self.fuse([path, "--no-magnetometer"]).rows.last!
            let yaw9 = Quaternion(w: nine[1], x: nine[2], y: nine[3], z: nine[4]).yaw
            let yaw6 = Quaternion(w: six[1], x: six[2], y: six[3], z: six[4]).yaw
            // Tolerances: 3° for the 9D heading after 30 s; 6D drifts only with the residual gyro bias.
            #expect(abs(yaw9 - heading) < 3 * .pi / 180, "9D yaw \(yaw9)")
            #expect(abs(yaw6) < 3 * .pi / 180, "6D yaw \(yaw6)")
        }
    }

    @Test(arguments: [
        ("t,accel_x,accel_y,accel_z,anglvel_x,anglvel_y\n0,0,0,9.81,0,0\n", 65, ":1: missing column 'anglvel_z'"),
        (header + "\n0,0,0,9.81,0,0,0\n0.01,0,0,9.81,0,0,0\n0.02,0,0,9.81,zero,0,0\n", 65,
         ":4: column 'anglvel_x' is not a number: 'zero'"),
        (header + "\n0,0,0,9.81,0,0,0\n0.01,0,0,9.81,0,0,0\n0.01,0,0,9.81,0,0,0\n", 65,
         ":4: t = 0.01 does not increase (previous row: 0.01)"),
        (header + "\n0.5,0,0,9.81,0,0,0\n0.4,0,0,9.81,0,0,0\n", 65, ":3: t = 0.4 does not increase"),
        (header + "\n0,0,0,9.81,0,0,0\n0.01,0,0,9.81,0,0\n", 65, ":3: 6 fields but the header has 7"),
        ("", 65, ": empty input, not even a header line"),
    ])
    func malformedInputExits65NamingTheLine(input: String, status: Int32, message: String) {
        Self.withFile(input) { path in
            let result = Self.fuse([path])
            #expect(result.status == status)
            #expect(result.stderr.hasPrefix("error: \(path)\(message)"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test func headerOnlyPrintsTheHeaderAndWarns() {
        Self.withFile(Self.header + "\n") { path in
            let result = Self.fuse([path])
            #expect(result.status == 0)
            #expect(result.stdout == Self.outputHeader + "\n")
            #expect(result.stderr.contains("warning: \(path) has a header but no samples"))
            #expect(Self.fuse([path, "--format", "jsonl"]).stdout.isEmpty)
        }
    }

    @Test(arguments: [
        (["--interval", "abc"], "option '--interval' needs a number, not 'abc'"),
        (["--interval", "-1"], "option '--interval' must be between"),
        (["--interval", "nan"], "option '--interval' needs a number"),
        (["--interval"], "option '--interval' needs a value"),
        (["--format", "xml"], "option '--format' must be one of csv, jsonl, not 'xml'"),
        (["--units", "furlongs"], "option '--units' must be one of si, g"),
        (["a.csv", "b.csv"], "unexpected argument 'b.csv'"),
        (["--bogus"], "unknown option '--bogus'"),
    ])
    func usageErrorsExit64(arguments: [String], message: String) {
        let result = Self.fuse(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func missingFileExits74NamingThePath() {
        let result = Self.fuse(["/nonexistent/walk.csv"])
        #expect(result.status == 74)
        #expect(result.stderr == "error: cannot open '/nonexistent/walk.csv': No such file or directory; "
            + "check the path and its permissions\n")
    }

    @Test func helpDescribesTheCommand() {
        let result = Self.fuse(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: bodyreadings fuse"))
        #expect(result.stdout.contains("--no-magnetometer"))
    }
}
