import Foundation
import Testing
import TestSupport

@testable import BodyReadingsCLI

/// Issue 14 §3: a recording's unusable accelerometer readings are counted on stderr and give no user acceleration
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

    @Test(arguments: [[], ["--offline"], ["--format", "jsonl"]])
    func fuseCountsThemAndWritesNoUserAcceleration(options: [String]) throws {
        let scratch = try TemporaryDirectory(prefix: "bodyreadings-rejected")
        let input = scratch.file("bad.csv")
        try Self.recording().write(toFile: input, atomically: false, encoding: .utf8)
        let result = runStream(["fuse", input] + options)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("warning: 3 of 100 rows had an unusable accelerometer reading"), "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n").dropFirst(options.contains("jsonl") ? 0 : 1)
        #expect(rows.count == 100)
        let unknown = options.contains("jsonl") ? "\"user_acceleration\":{\"x\":null,\"y\":null,\"z\":null}" : "nan,nan,nan"
        let marked = rows.enumerated().filter { $0.element.contains(unknown) }.map(\.offset)
        #expect(marked == [0, 50, 51], "\(rows.first ?? "")")
        // No row claims the −g a reading of zero would give.
        #expect(!rows.contains { $0.contains("-9.80665") })
    }
}
