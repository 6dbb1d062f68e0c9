import Foundation
import Testing
import TestSupport

@testable import BodyReadingsCLI

/// A recording's unusable gyroscope readings (NaN, beyond ±2000 °/s) are counted on stderr and in
/// stream's summary, and their rows carry no rotation rate or user acceleration (`nan`/`null`) — not the previous
/// row's values.
@Suite("rejected gyroscope readings are counted, never made up")
struct RejectedGyroscopeReadingsTests {
    /// 100 rows at rest turning slowly about z; rows 30 (NaN) and 60 (40 rad/s) have an unusable gyroscope.
    static func recording() -> String {
        var lines = ["t,accel_x,accel_y,accel_z,anglvel_x,anglvel_y,anglvel_z"]
        for index in 0..<100 {
            let gyroscope = index == 30 ? "nan,0,0.1" : index == 60 ? "40,0,0.1" : "0,0,0.1"
            lines.append("\(Double(index) * 0.01),0,0,9.80665,\(gyroscope)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(arguments: [[], ["--offline"], ["--format", "jsonl"]])
    func fuseCountsThemAndWritesNoRotationRate(options: [String]) throws {
        let (result, rows, marked) = try RejectedReadingsTests.fused(Self.recording(), options, unknown: "rotation_rate")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("warning: 2 of 100 rows had an unusable gyroscope reading"), "\(result.stderr)")
        #expect(!result.stderr.contains("unusable accelerometer"), "\(result.stderr)")
        #expect(rows.count == 100)
        #expect(marked == [30, 60], "\(rows[30])")
    }

    @Test func streamSummaryCountsThem() throws {
        let scratch = try TemporaryDirectory(prefix: "bodyreadings-rejected-gyro")
        let input = scratch.file("bad.csv")
        try Self.recording().write(toFile: input, atomically: false, encoding: .utf8)
        let result = runStream(["stream", "--source", "replay:\(input)", "--fast", "--interval", "0.01", "--format", "jsonl"])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(summary.contains("\"rejected_gyroscope_readings\":2"), "\(summary)")
        #expect(!summary.contains("rejected_accelerometer_readings"), "\(summary)")
    }
}
