import Calibration
import Foundation
import Testing
@testable import BodyReadingsCLI

/// `calibrate` from a recording: bad readings are skipped and counted on stderr, an implausible result writes
/// nothing and exits 65 with the reason.
@Suite("calibrate: rejected readings and implausible results", .serialized)
struct CalibrateRejectedReadingsTests {
    let sandbox: CalibrationSandbox

    init() throws {
        sandbox = try CalibrationSandbox(prefix: "calibrate-rejected")
    }

    /// 10 s still at 100 Hz, gyroscope `bias`; rows 251 and 751 with gyroscope `bad`.
    func recording(bias: Double, bad: String? = nil) throws -> String {
        var lines = ["t,accel_x,accel_y,accel_z,anglvel_x,anglvel_y,anglvel_z"]
        for index in 0..<1000 {
            let wobble = Double(index % 7 - 3) * 0.0005
            let gyro = bad.flatMap { index % 500 == 250 ? $0 : nil } ?? "\(bias + wobble),\(wobble),0"
            lines.append("\(Double(index) / 100),0,0,9.80665,\(gyro)")
        }
        let path = sandbox.directory + "/still-\(bias).csv"
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    func run(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
        let (console, captured) = Console.capture(environment: sandbox.environment)
        let status = BodyReadingsTool.run(arguments: arguments, console: console)
        return (status, captured.stdout, captured.stderr)
    }

    @Test func badRowsAreSkippedAndCounted() throws {
        let path = try recording(bias: 0.01, bad: "nan,0,0")
        let result = run(["calibrate", "gyro", "--source", "replay:\(path)", "--fast", "--dry-run"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning: 2 of 1000 samples skipped: a reading was not a number"), "\(result.stderr)")
        #expect(result.stdout.contains("gyroscope bias: [0.01"), "\(result.stdout)")
    }

    @Test func implausibleBiasWritesNothing() throws {
        let path = try recording(bias: 1)
        let result = run(["calibrate", "gyro", "--source", "replay:\(path)", "--fast"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("implausible result: gyroscope bias 1"), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was written"))
        let store = CalibrationStore(environment: sandbox.environment)
        #expect(try store.load(sensor: "replay:still-1.0.csv") == nil)
    }

    @Test func storedImplausibleFileIsReportedLikeACorruptOne() throws {
        let store = CalibrationStore(environment: sandbox.environment)
        let file = CalibrationFile(sensor: "replay:x.csv", gyroscope: GyroscopeCalibration(bias: .init(0.01, 0, 0)))
        let path = store.candidatePaths(forSensor: file.sensor)[0]
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try file.jsonText.replacingOccurrences(of: "0.01", with: "3").write(toFile: path, atomically: false, encoding: .utf8)
        let result = run(["calibrate", "show", "--sensor", "replay:x.csv"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("is corrupt: 'gyroscope.bias' has a component of 3.0 rad/s"), "\(result.stderr)")
    }
}
