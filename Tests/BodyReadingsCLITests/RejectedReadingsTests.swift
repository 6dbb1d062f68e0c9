import Foundation
import Testing
import TestSupport

@testable import BodyReadingsCLI

/// A recording's unusable accelerometer readings are counted on stderr and give no user acceleration
/// (`nan`/`null`), never a made-up one.
@Suite("rejected readings are counted, never made up")
struct RejectedReadingsTests {
    static let header = "t,accel_x,accel_y,accel_z,anglvel_x,anglvel_y,anglvel_z"

    /// 100 rows at rest; rows 1 (the first), 50 and 51 have an unusable accelerometer.
    static func recording() -> String {
        var lines = [header]
        for index in 0..<100 {
            let t = Double(index) * 0.01
            let accelerometer: String
            switch index {
            case 0: accelerometer = "nan,0,9.8"
            case 50: accelerometer = "0,0,1e6"
            case 51: accelerometer = "0,0,0"
            default: accelerometer = "0,0,9.80665"
            }
            lines.append("\(t),\(accelerometer),0.001,0,0")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `fuse` of `recording` with `options`: the result, the data rows, and the indices of the rows whose `field`
    /// (`user_acceleration`, `rotation_rate`) is unknown.
    static func fused(_ recording: String, _ options: [String], unknown field: String) throws
        -> (result: (status: Int32, stdout: String, stderr: String), rows: [Substring], marked: [Int])
    {
        let scratch = try TemporaryDirectory(prefix: "bodyreadings-rejected")
        let input = scratch.file("bad.csv")
        try recording.write(toFile: input, atomically: false, encoding: .utf8)
        let result = runStream(["fuse", input] + options)
        let jsonl = options.contains("jsonl")
        let rows = Array(result.stdout.split(separator: "\n").dropFirst(jsonl ? 0 : 1))
        let unknown = jsonl ? "\"\(field)\":{\"x\":null,\"y\":null,\"z\":null}" : "nan,nan,nan"
        return (result, rows, rows.enumerated().filter { $0.element.contains(unknown) }.map(\.offset))
    }

    @Test(arguments: [[], ["--offline"], ["--format", "jsonl"]])
    func fuseCountsThemAndWritesNoUserAcceleration(options: [String]) throws {
        let (result, rows, marked) = try Self.fused(Self.recording(), options, unknown: "user_acceleration")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("warning: 3 of 100 rows had an unusable accelerometer reading"), "\(result.stderr)")
        #expect(rows.count == 100)
        #expect(marked == [0, 50, 51], "\(rows.first ?? "")")
        // No row claims the −g a reading of zero would give.
        #expect(!rows.contains { $0.contains("-9.80665") })
    }
}
