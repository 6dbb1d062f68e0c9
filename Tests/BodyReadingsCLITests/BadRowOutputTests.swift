import BodyReadings
import Foundation
import TestSupport
import Testing

@testable import BodyReadingsCLI

/// A bad row in the middle of a recording stops `fuse` and `record --source replay:` with 65, and what they wrote
/// before it is every row of the valid input before the bad one, ending on a whole row, on stdout as in a file.
@Suite("a bad row keeps the rows before it")
struct BadRowOutputTests {
    /// A recording of 1,500 simulated samples with line `badLine` replaced by a row that is not a number; the path
    /// and the number of valid samples before the bad row.
    static func recordingWithBadRow(at badLine: Int = 1300) throws -> (path: String, validRows: Int) {
        let recorded = runStream(["record", "-", "--source", "sim", "--fast", "--count", "1500"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        var lines = recorded.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 1501)
        lines[badLine - 1] = "24.5,bad,0,0,0,0,0,0,0,0"
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("bad-row-\(UUID().uuidString).csv").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return (path, badLine - 2)
    }

    @Test("fuse to stdout: every row before the bad one, whole, as CSV", arguments: ["csv", "jsonl"])
    func fuseToStandardOutput(format: String) throws {
        let (path, valid) = try Self.recordingWithBadRow()
        defer { unlink(path) }
        let result = runStream(["fuse", path, "--format", format])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("\(path):1300: column 'accel_x' is not a number"), "\(result.stderr)")
        #expect(result.stdout.hasSuffix("\n"), "ends in the middle of a row: …\(result.stdout.suffix(80))")
        var lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        if format == "csv" {
            #expect(lines.first?.hasPrefix("t,attitude_w") == true)
            lines = lines.dropFirst()
            #expect(lines.allSatisfy { $0.split(separator: ",").count == 14 })
        } else {
            #expect(lines.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil })
        }
        #expect(lines.count == valid)
    }

    @Test("record --source replay: every sample before the bad row, to stdout and to a file")
    func recordFromAReplay() throws {
        let (path, valid) = try Self.recordingWithBadRow()
        let output = path + ".out.csv"
        defer {
            unlink(path)
            unlink(output)
        }
        let piped = runStream(["record", "-", "--source", "replay:\(path)", "--fast"])
        #expect(piped.status == 65, "\(piped.stderr)")
        #expect(piped.stdout.hasSuffix("\n"))
        #expect(piped.stdout.split(separator: "\n").count == 1 + valid, "\(piped.stderr)")
        let written = runStream(["record", output, "--source", "replay:\(path)", "--fast"])
        #expect(written.status == 65, "\(written.stderr)")
        let file = try String(contentsOfFile: output, encoding: .utf8)
        #expect(file.split(separator: "\n").count == 1 + valid)
        #expect(written.stderr.contains("holds the \(1 + valid) complete lines"), "\(written.stderr)")
    }
}
