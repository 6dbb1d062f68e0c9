import Foundation
import Testing
import TestSupport

@testable import BodyReadingsCLI

/// An output file never destroys what the user had. An output that is an input (by any name) is
/// refused before anything is opened; a failed run leaves an existing file as it was and a new one holding only the
/// complete rows before the failure.
@Suite("output files are never destroyed")
struct OutputFileSafetyTests {
    let scratch: TemporaryDirectory
    let recording: String
    let original: Data

    init() throws {
        scratch = try TemporaryDirectory(prefix: "bodyreadings-output-safety")
        recording = scratch.file("walk.csv")
        let made = runStream(
            ["record", recording, "--source", "sim", "--seed", "3", "--fast", "--count", "200", "--no-ppg"])
        try #require(made.status == 0, "\(made.stderr)")
        original = try Data(contentsOf: URL(fileURLWithPath: recording))
    }

    func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test("the same file as output and input is refused, by any name, and the input is untouched")
    func sameFileRefused() throws {
        let symbolic = scratch.file("link.csv")
        let hard = scratch.file("hard.csv")
        try FileManager.default.createSymbolicLink(atPath: symbolic, withDestinationPath: recording)
        try FileManager.default.linkItem(atPath: recording, toPath: hard)
        let calibration = scratch.file("calibration.json")
        try Data("{}".utf8).write(to: URL(fileURLWithPath: calibration))
        let cases: [[String]] = [
            ["fuse", recording, "-o", recording],
            ["fuse", recording, "-o", symbolic],
            ["fuse", symbolic, "--output", hard],
            ["fuse", recording, "--calibration", calibration, "-o", calibration],
            ["record", recording, "--source", "replay:\(recording)", "--fast"],
            ["record", hard, "--source", "replay:\(symbolic)", "--fast"],
            ["record", calibration, "--source", "sim", "--count", "5", "--calibration", calibration],
        ]
        for arguments in cases {
            let result = runStream(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("is the same file as the input"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(contents(recording) == original, "\(arguments) changed the recording")
            #expect(contents(calibration) == Data("{}".utf8))
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: symbolic) == recording)
    }

    /// In a child process: redirecting this process's standard input would race with the tests running beside it.
    @Test(
        "the output is the same file as standard input: refused",
        .enabled(if: PackagePaths.builtExecutable("bodyreadings") != nil, "needs the built bodyreadings"))
    func sameAsStandardInput() throws {
        let tool = try #require(PackagePaths.builtExecutable("bodyreadings"))
        let result = try Subprocess.run("/bin/sh", ["-c", "exec \"$0\" fuse - -o \"$1\" < \"$1\"", tool, recording])
        #expect(result.status == 64)
        #expect(result.stderr.contains("'\(recording)' is the same file as the standard input"), "\(result.stderr)")
        #expect(contents(recording) == original)
    }

    /// The recording with its 101st line (the 100th sample) made unreadable.
    func recordingWithBadRow() throws -> String {
        var lines = String(decoding: original, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        lines[100] = "1.0,2.0,x,4,5,6,7,8,9,10"
        let bad = scratch.file("bad.csv")
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: bad))
        return bad
    }

    @Test("a bad row half way leaves an existing output as it was")
    func failureKeepsExistingFile() throws {
        let bad = try recordingWithBadRow()
        let output = scratch.file("motion.csv")
        try Data("my precious results\n".utf8).write(to: URL(fileURLWithPath: output))
        chmod(output, 0o600)
        let result = runStream(["fuse", bad, "-o", output])
        #expect(result.status == 65)
        #expect(result.stderr.contains("'\(output)' was left as it was"), "\(result.stderr)")
        #expect(contents(output) == Data("my precious results\n".utf8))
        // No temporary file is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasPrefix(".") } == [])
    }

    @Test("a bad row half way leaves a new output with every whole row before it")
    func failureKeepsPrefixOfNewFile() throws {
        let bad = try recordingWithBadRow()
        let output = scratch.file("new.csv")
        let result = runStream(["fuse", bad, "-o", output])
        #expect(result.status == 65)
        #expect(result.stderr.contains("holds the 100 complete lines written before the failure"), "\(result.stderr)")
        let text = try #require(contents(output).map { String(decoding: $0, as: UTF8.self) })
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // The header, the 99 rows before the bad one, and the final newline: no row cut in the middle.
        #expect(lines.count == 101)
        #expect(lines.last == "")
        #expect(lines.dropFirst().dropLast().allSatisfy { $0.split(separator: ",").count == 14 })
    }

    @Test("a successful run replaces the file a symbolic link names, keeping the link and the file's mode")
    func replacesThroughLink() throws {
        let target = scratch.file("target.csv")
        let link = scratch.file("out.csv")
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: target))
        chmod(target, 0o640)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let result = runStream(["fuse", recording, "-o", link])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        let text = try #require(contents(target).map { String(decoding: $0, as: UTF8.self) })
        #expect(text.split(separator: "\n").count == 201)
        var information = stat()
        stat(target, &information)
        #expect(information.st_mode & 0o777 == 0o640)
    }

    @Test("a device as output is written in place, not replaced")
    func deviceWrittenInPlace() {
        let result = runStream(["fuse", recording, "-o", "/dev/null"])
        #expect(result.status == 0, "\(result.stderr)")
        var information = stat()
        stat("/dev/null", &information)
        #expect(information.st_mode & S_IFMT == S_IFCHR)
    }
}
