import Foundation
import TestSupport
import Testing

@testable import BodyReadingsCLI

/// The exit-status table of the documentation, walked: every row's status is produced by at least one command line
/// here, every command appears, and every status the tool can return has a row — so that table and program cannot
/// drift apart.
@Suite("the documented exit-status table matches the commands")
struct ExitStatusTableTests {
    /// The file that holds the table (the first Markdown table whose first column is `Status`), from the package root.
    static let tableFile = "docs/exit-codes.md"

    /// The statuses of the table's rows, in order.
    static func documentedStatuses() throws -> [Int32] {
        let text = try String(contentsOfFile: PackagePaths.file(tableFile), encoding: .utf8)
        var statuses: [Int32] = []
        var inTable = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard line.hasPrefix("|"), let first = cells.first else {
                if inTable { break }
                continue
            }
            if first == "Status" {
                inTable = true
            } else if inTable, let status = Int32(first) {
                statuses.append(status)
            }
        }
        return statuses
    }

    /// One command line and the status it must end with. `files` are written to the case's scratch directory first
    /// (`@NAME` in the arguments is the path of file NAME there, `@` alone the directory; a NAME ending in `/` is a
    /// directory every user may read).
    struct Case: CustomStringConvertible, Sendable {
        var status: Int32
        var arguments: [String]
        var files: [String: String] = [:]
        var environment: [String: String] = [:]

        var description: String { "\(status): bodyreadings \(arguments.joined(separator: " "))" }
    }

    static let recording = "t,accel_x,accel_y,accel_z,anglvel_x,anglvel_y,anglvel_z\n0,0,0,9.8,0,0,0\n0.01,0,0,9.8,0,0,0\n"
    static let token = String(repeating: "a1", count: 20) + "\n"

    /// At least one command line per status of the table, and every command among them. Statuses that need a
    /// signal or cannot come from a command line (130, 70) have tests of their own below.
    static let cases: [Case] = [
        Case(status: 0, arguments: ["stream", "--source", "sim", "--fast", "--count", "1"]),
        Case(status: 0, arguments: ["fuse", "@walk.csv"], files: ["walk.csv": recording]),
        Case(status: 0, arguments: ["steps", "@walk.csv"], files: ["walk.csv": recording]),
        Case(status: 0, arguments: ["record", "@out.csv", "--source", "sim", "--fast", "--count", "3"]),
        Case(status: 0, arguments: ["calibrate", "show"]),
        Case(status: 0, arguments: ["benchmark", "--help"]),
        Case(status: 0, arguments: ["altitude", "@p.csv"], files: ["p.csv": "t,pressure\n0,101.3\n0.04,101.3\n"]),
        Case(status: 69, arguments: ["altitude", "--source", "iio"]),
        Case(status: 1, arguments: ["available", "--uri", "xml:@empty.xml"], files: ["empty.xml": CLIFixtureXML.empty]),
        Case(status: 1, arguments: ["info", "--uri", "xml:@empty.xml"], files: ["empty.xml": CLIFixtureXML.empty]),
        Case(status: 1, arguments: ["history", "steps"]),
        Case(status: 64, arguments: ["stream", "--no-such-option"]),
        Case(status: 64, arguments: ["help", "no-such-command"]),
        Case(status: 64, arguments: ["stream", "--uri", "", "--count", "1"]),
        Case(status: 64, arguments: ["info", "--uri", "ip:999.1.2.3"]),
        Case(status: 64, arguments: ["available", "--uri", "foo:"]),
        Case(status: 64, arguments: ["stream", "--source", "sim", "--raw", "--format", "jsonl"]),
        Case(status: 64, arguments: ["stream", "--source", "sim", "--raw", "--units", "g", "--count", "1"]),
        Case(status: 64, arguments: ["calibrate", "show", "--duration", "5"]),
        Case(status: 64, arguments: ["calibrate", "gyro", "--source", "sim", "--duration", "10", "--timeout", "5"]),
        Case(status: 64, arguments: ["publish", "mqtt://127.0.0.1:1", "--source", "sim", "--topic-prefix", "a\u{1B}b"]),
        Case(status: 64, arguments: ["serve", "--source", "sim", "--no-store", "--mqtt", "mqtt://127.0.0.1:1",
                                     "--device-id", "lab+1"]),
        Case(status: 64, arguments: ["steps", "--source", "sim", "--step-length", "0.7", "--height", "1.8"]),
        Case(status: 64, arguments: ["dashboard", "--source", "sim", "--interval", "0"]),
        Case(status: 64, arguments: ["heart-rate", "--source", "sim", "--count", "0"]),
        Case(status: 64, arguments: ["history", "steps", "--per", "week"]),
        Case(status: 64, arguments: ["fuse", "@walk.csv", "-o", "@walk.csv"], files: ["walk.csv": recording]),
        Case(status: 65, arguments: ["fuse", "@bad.csv"], files: ["bad.csv": "t,accel_x\nnot,a recording\n"]),
        Case(status: 65, arguments: ["calibrate", "show", "--calibration", "@bad.json"], files: ["bad.json": "{"]),
        Case(status: 65, arguments: ["info", "--uri", "xml:@bad.xml"], files: ["bad.xml": "<context"]),
        Case(status: 69, arguments: ["stream", "--uri", "ip:127.0.0.1:1", "--count", "1"]),
        Case(status: 69, arguments: ["record", "@out.csv", "--source", "serve:@none.sock", "--count", "1"]),
        Case(status: 69, arguments: ["publish", "mqtt://127.0.0.1:1", "--source", "sim", "--count", "1"]),
        Case(status: 74, arguments: ["calibrate", "show", "--calibration", "@missing.json"]),
        Case(status: 74, arguments: ["history", "steps", "--store", "@missing.sqlite"]),
        Case(status: 74, arguments: ["serve", "--source", "sim", "--no-store", "--socket", "@s.sock",
                                     "--http", "127.0.0.1:0", "--token", "@"]),
        Case(status: 74, arguments: ["serve", "--source", "sim", "--no-store", "--socket", "@s.sock",
                                     "--http", "127.0.0.1:0", "--token", "@shared/"], files: ["shared/": ""]),
        Case(status: 74, arguments: ["publish", "mqtts://127.0.0.1:1", "--source", "sim", "--cafile", "@"]),
        Case(status: 77, arguments: ["serve", "--source", "sim", "--no-store", "--socket", "@s.sock",
                                     "--http", "127.0.0.1:0", "--token", "@token"], files: ["token": token]),
    ]

    /// Runs `testCase` in a scratch directory of its own; (status, stderr).
    static func run(_ testCase: Case) throws -> (status: Int32, stderr: String) {
        let scratch = try TemporaryDirectory(prefix: "br-exit")
        for (name, text) in testCase.files {
            if name.hasSuffix("/") {
                try FileManager.default.createDirectory(atPath: scratch.file(name), withIntermediateDirectories: true)
                chmod(scratch.file(name), 0o755)
                continue
            }
            try text.write(toFile: scratch.file(name), atomically: true, encoding: .utf8)
            // A token every user may read is refused with 77; the others are private.
            chmod(scratch.file(name), name == "token" ? 0o644 : 0o600)
        }
        let arguments = testCase.arguments.map { argument -> String in
            guard let at = argument.firstIndex(of: "@") else { return argument }
            let name = argument[argument.index(after: at)...]
            return String(argument[..<at]) + (name.isEmpty ? scratch.path : scratch.file(String(name)))
        }
        let environment = ["HOME": scratch.path, "XDG_STATE_HOME": scratch.file("state")].merging(
            testCase.environment) { _, given in given }
        let (console, captured) = Console.capture(environment: environment)
        let status = BodyReadingsTool.run(arguments: arguments, console: console)
        return (status, captured.stderr)
    }

    @Test(arguments: cases)
    func commandLineEndsWithItsStatus(testCase: Case) throws {
        let result = try Self.run(testCase)
        #expect(result.status == testCase.status, "\(testCase): \(result.stderr)")
        let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(testCase.status <= 1 || errors.count == 1, "one error line: \(result.stderr)")
    }

    @Test func everyRowHasACaseAndEveryCaseARow() throws {
        let documented = try Self.documentedStatuses()
        #expect(!documented.isEmpty, "no table with a Status column in \(Self.tableFile)")
        let exercised = Set(Self.cases.map(\.status)).union([ExitCode.interrupted.rawValue, ExitCode.software.rawValue])
        #expect(Set(documented) == exercised, "table \(documented), cases \(exercised.sorted())")
        #expect(Set(documented) == Set(ExitCode.allCases.map(\.rawValue)), "every ExitCode has a row, every row a code")
        #expect(documented.count == Set(documented).count, "one row per status")
    }

    @Test func everyCommandAppears() {
        let used = Set(Self.cases.compactMap(\.arguments.first)).union(["fuse"])
        let missing = BodyReadingsTool.commands.map(\.spec.name).filter { !used.contains($0) }
        #expect(missing.isEmpty, "commands without a case: \(missing)")
    }

    /// 70: only a bug ends a command so; an error no layer knows is reported as one, with the request to report it.
    @Test func anUnknownErrorIsAnInternalError() {
        struct Unforeseen: Error {}
        let (console, captured) = Console.capture()
        let status = BodyReadingsTool.report(Unforeseen(), console: console)
        #expect(status == .software)
        #expect(captured.stderr.hasPrefix("error: internal error:") && captured.stderr.contains("please report it"))
    }

    /// 130: Ctrl-C before `fuse` reached the end of its input.
    @Test(.enabled(if: PackagePaths.builtExecutable("bodyreadings") != nil))
    func ctrlCDuringFuseIs130() throws {
        // Rows written after fuse has gone must fail with EPIPE, not end the test process.
        signal(SIGPIPE, SIG_IGN)
        let tool = try #require(PackagePaths.builtExecutable("bodyreadings"))
        let scratch = try TemporaryDirectory(prefix: "br-exit-130")
        let fifo = scratch.file("input.csv")
        #expect(mkfifo(fifo, 0o600) == 0)
        let child = try ChildProcess(tool, ["fuse", fifo], standardOutput: .pipe)
        defer { child.terminate() }
        let output = FileHandle(fileDescriptor: try #require(child.output), closeOnDealloc: true)
        // The writer keeps the input open: fuse waits for more rows. Enough rows that its output (written in 64 KiB
        // blocks) begins: it is fusing then, and handles Ctrl-C.
        let writer = try #require(FileHandle(forWritingAtPath: fifo))
        defer { try? writer.close() }
        func rows(_ range: Range<Int>) -> Data {
            Data(range.map { "\(Double($0) * 0.01),0,0,9.8,0,0,0\n" }.joined().utf8)
        }
        try writer.write(contentsOf: Data(Self.recording.prefix { $0 != "\n" }.utf8 + [0x0A]) + rows(0..<2000))
        #expect(Subprocess.firstLine(of: output, timeout: 30)?.hasPrefix("t,attitude_w") == true)
        // Its output is read to the end, as a terminal or a pipe's reader would: a full pipe would block fuse in a
        // write before it looks for the stop, and this test in its write of rows that fuse no longer reads.
        Thread.detachNewThread { _ = output.readDataToEndOfFile() }
        child.send(SIGINT)
        // It notices the stop between two blocks of rows (it reads 64 KiB at a time): rows keep coming until it has
        // gone.
        var next = 2000
        _ = waitUntil {
            try? writer.write(contentsOf: rows(next..<next + 500))
            next += 500
            return !child.isRunning
        }
        #expect(child.exitCode() == 130)
    }
}
