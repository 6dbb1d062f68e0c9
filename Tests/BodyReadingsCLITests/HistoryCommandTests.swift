import BodyReadingsCLI
import Foundation
import ReadingsStore
import TestSupport
import Testing

/// `bodyreadings history`: output through the built executable with `TZ` set in its environment (the test process's
/// zone is left alone), refusals in-process where no local time is printed.
@Suite struct HistoryCommandTests {
    static let tool = PackagePaths.builtExecutable("bodyreadings")
    /// Central European time with its EU rules.
    static let berlin = "TZ=CET-1CEST,M3.5.0,M10.5.0/3"
    /// 2026-11-30T00:00:00+01:00.
    static let midnight: Double = 1_795_993_200

    let directory: TemporaryDirectory
    let path: String

    init() throws {
        directory = try TemporaryDirectory(prefix: "history-command")
        path = directory.file("readings.sqlite")
    }

    /// Steps on 30 November and 1 December (Berlin): 10 at 08:00, 5 at 08:30 and a zero minute at 23:59 on the 30th,
    /// 7 at 00:10 on the 1st; heart rate 60 and 80 at 08:00 and a beat without a rate at 09:00 on the 30th.
    func fill() throws {
        let store = try ReadingsDatabase(path: path, access: .readWrite)
        let recorder = ReadingsRecorder(store: store)
        let eight = Self.midnight + 8 * 3600
        recorder.recordSteps(10, at: eight)
        recorder.recordSteps(5, at: eight + 1800)
        recorder.recordSteps(0, at: Self.midnight + 86400 - 30)
        recorder.recordSteps(7, at: Self.midnight + 86400 + 600)
        recorder.recordHeartRate(60, at: eight + 1)
        recorder.recordHeartRate(80, at: eight + 2)
        recorder.recordBeat(at: eight + 3600, rrInterval: 2.5, quality: .poor)
        try recorder.close()
        try store.close()
    }

    func history(_ arguments: [String], zone: String = berlin) throws -> ProcessOutput {
        let tool = try #require(Self.tool)
        return try Subprocess.run("/usr/bin/env", [zone, tool, "history"] + arguments + ["--store", path])
    }

    @Test(.enabled(if: tool != nil, "needs the built bodyreadings"))
    func flightsPerLocalHourAsCSVAndJSON() throws {
        let store = try ReadingsDatabase(path: path, access: .readWrite)
        let recorder = ReadingsRecorder(store: store)
        let eight = Self.midnight + 8 * 3600
        recorder.recordFlights(ascended: 2, descended: 0, at: eight + 10)
        recorder.recordFlights(ascended: 0, descended: 0, at: eight + 70)
        recorder.recordFlights(ascended: 1, descended: 1, at: eight + 3600)
        try recorder.close()
        try store.close()
        let output = try history(["flights", "--from", "2026-11-30", "--to", "2026-11-30", "--per", "hour"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.text == """
            start,end,floors_ascended,floors_descended,minutes
            2026-11-30T08:00:00+01:00,2026-11-30T09:00:00+01:00,2,0,2
            2026-11-30T09:00:00+01:00,2026-11-30T10:00:00+01:00,1,1,1

            """)
        let json = try history(["flights", "--from", "2026-11-30", "--to", "2026-11-30", "--format", "json"])
        #expect(json.text.hasPrefix(#"{"reading":"flights","#), "\(json.text)")
        #expect(json.text.contains(#""floors_ascended":3,"floors_descended":1,"minutes":3"#), "\(json.text)")
    }

    @Test(.enabled(if: tool != nil, "needs the built bodyreadings"))
    func stepsPerLocalDayAsCSV() throws {
        try fill()
        let output = try history(["steps", "--from", "2026-11-30", "--to", "2026-12-01"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.text == """
            start,end,steps,minutes
            2026-11-30T00:00:00+01:00,2026-12-01T00:00:00+01:00,15,3
            2026-12-01T00:00:00+01:00,2026-12-02T00:00:00+01:00,7,1

            """)
        let utc = try history(["steps", "--from", "2026-11-30", "--to", "2026-12-01"], zone: "TZ=UTC0")
        #expect(utc.text.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[2] } == ["22"])
    }

    @Test(.enabled(if: tool != nil, "needs the built bodyreadings"))
    func stepsPerHourAndMinuteOverAnInstantRange() throws {
        try fill()
        let hours = try history(
            ["steps", "--per", "hour", "--from", "2026-11-30T07:00:00Z", "--to", "2026-11-30T23:00"])
        #expect(hours.text == """
            start,end,steps,minutes
            2026-11-30T08:00:00+01:00,2026-11-30T09:00:00+01:00,15,2

            """)
        let minutes = try history(
            ["steps", "--per", "minute", "--from", "2026-11-30T08:00", "--to", "2026-11-30T09:00"])
        #expect(minutes.text == """
            start,end,steps,minutes
            2026-11-30T08:00:00+01:00,2026-11-30T08:01:00+01:00,10,1
            2026-11-30T08:30:00+01:00,2026-11-30T08:31:00+01:00,5,1

            """)
    }

    @Test(.enabled(if: tool != nil, "needs the built bodyreadings"))
    func heartRateAsJSONLeavesUnknownRatesNull() throws {
        try fill()
        let output = try history(["heart-rate", "--per", "hour", "--from", "2026-11-30", "--format", "json"])
        #expect(output.status == 0, "\(output.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: output.stdout) as? [String: Any])
        #expect(document["reading"] as? String == "heart-rate")
        #expect(document["per"] as? String == "hour")
        #expect(document["from"] as? String == "2026-11-30T00:00:00+01:00")
        let buckets = try #require(document["buckets"] as? [[String: Any]])
        #expect(buckets.count == 2)
        #expect(buckets[0]["start"] as? String == "2026-11-30T08:00:00+01:00")
        #expect(buckets[0]["mean_heart_rate"] as? Double == 70)
        #expect(buckets[0]["min_heart_rate"] as? Double == 60 && buckets[0]["max_heart_rate"] as? Double == 80)
        #expect(buckets[0]["samples"] as? Int == 2 && buckets[0]["beats"] as? Int == 0)
        #expect(buckets[1]["mean_heart_rate"] is NSNull)
        #expect(buckets[1]["beats"] as? Int == 1)
        let csv = try history(["heart-rate", "--per", "hour", "--from", "2026-11-30"])
        #expect(csv.text.split(separator: "\n").last == "2026-11-30T09:00:00+01:00,2026-11-30T10:00:00+01:00,,,,0,1,1")
    }

    @Test(.enabled(if: tool != nil, "needs the built bodyreadings"))
    func todayIsTheDefaultAndAnEmptyAnswerIsJustTheHeader() throws {
        try fill()
        let output = try history(["steps"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.text.hasPrefix("start,end,steps,minutes\n"))
    }

    @Test(.enabled(
        if: tool != nil && getuid() == 0 && Subprocess.locate("setpriv") != nil,
        "needs the built bodyreadings, root and setpriv to run it as nobody"))
    func aStoreThisUserMayNotReadExits77() throws {
        try fill()
        chmod(path, 0o600)
        let tool = try #require(Self.tool)
        let output = try Subprocess.run(
            "setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", tool, "history", "steps", "--store", path])
        #expect(output.status == 77, "\(output.stderr)")
        #expect(output.stderr.contains("permission denied"), "\(output.stderr)")
        #expect(output.stderr.contains(path))
    }

    @Test(.enabled(
        if: tool != nil && getuid() == 0 && Subprocess.locate("setpriv") != nil,
        "needs the built bodyreadings, root and setpriv to run it as nobody"))
    func aReaderWhoMayNotWriteTheDirectoryReadsAStoreNoWriterHasOpen() throws {
        // The system service's store while the service is stopped, read by a member of its group: the file is
        // readable, its directory is not writable, and there is no WAL index to share.
        try fill()
        chmod(path, 0o644)
        chmod(directory.path, 0o755)
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
        let tool = try #require(Self.tool)
        let output = try Subprocess.run(
            "setpriv",
            ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/env", "TZ=UTC0", tool, "history", "steps",
             "--from", "2026-11-30", "--to", "2026-12-01", "--store", path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.text.split(separator: "\n").count == 2)
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) -> (Int32, String, String) {
        let (console, captured) = Console.capture(environment: environment)
        let status = BodyReadingsTool.run(arguments: ["history"] + arguments, console: console)
        return (status, captured.stdout, captured.stderr)
    }

    @Test func withoutAnyStoreItSaysHowOneGetsFilled() {
        let environment = ["HOME": directory.path, "BODYREADINGS_SYSTEM_STATE_DIR": directory.file("system")]
        let (status, output, error) = run(["steps"], environment: environment)
        #expect(status == 1)
        #expect(output.isEmpty)
        #expect(error.contains("no readings recorded yet"))
        #expect(error.contains(directory.path + "/.local/state/bodyreadings/readings.sqlite"))
        #expect(error.contains("'bodyreadings serve'"))
    }

    @Test func theUserStoreIsFoundUnderXDGStateHome() throws {
        let state = directory.file("state")
        let store = try ReadingsDatabase(
            path: state + "/bodyreadings/readings.sqlite", access: .readWrite, createsDirectory: true)
        try store.close()
        let (status, output, _) = run(["steps", "--format", "json"], environment: ["XDG_STATE_HOME": state])
        #expect(status == 0)
        #expect(output.hasPrefix("{\"reading\":\"steps\""))
    }

    @Test func aMissingStoreFileExits74() {
        let (status, _, error) = run(["steps", "--store", path])
        #expect(status == 74)
        #expect(error.contains("no readings store at \(path)"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aDamagedStoreExits65() throws {
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 * 7) }).write(to: URL(fileURLWithPath: path))
        let (status, _, error) = run(["steps", "--store", path])
        #expect(status == 65)
        #expect(error.contains("not a readings database, or damaged"))
        #expect(error.contains(".backup"))
    }

    @Test(arguments: [
        (["walks"], "unknown reading 'walks'"), (["steps", "--per", "week"], "--per must be minute, hour or day"),
        (["steps", "--from", "2026-13-01"], "--from: '2026-13-01' is not a time: month 13"),
        (["steps", "--to", "2026-11-01"], "--to needs a --from"),
        (["steps", "--today", "--from", "2026-11-01"], "--today excludes --from and --to"),
        (["steps", "--from", "2026-11-02", "--to", "2026-11-01T12:00"], "must be after --from"),
        (["steps", "--format", "xml"], "option '--format' must be one of csv, json"),
    ])
    func badArgumentsAreUsageErrors(arguments: [String], message: String) {
        let (status, _, error) = run(arguments + ["--store", path])
        #expect(status == 64)
        #expect(error.contains(message), "\(error)")
        #expect(error.contains("bodyreadings history --help"))
    }
}
