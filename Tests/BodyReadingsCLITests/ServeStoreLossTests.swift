import BodyReadings
import Foundation
import TestSupport
import Testing
import TextFormats

/// `serve` over a readings store that stops taking writes (its files may not grow past 200 KB: the process's file
/// size limit, with SIGXFSZ ignored, makes writes fail as on a full disk, without a mount): it says so with what it
/// holds and lost, `status` reports both, and SIGTERM ends with 74 and the count of lost readings, not 0.
@Suite("serve with a store that cannot be written")
struct ServeStoreLossTests {
    @Test(.enabled(if: PackagePaths.builtExecutable("bodyreadings") != nil, "needs the built bodyreadings"))
    func lostReadingsAreCountedAndEndWith74() throws {
        let tool = try #require(PackagePaths.builtExecutable("bodyreadings"))
        let directory = try TemporaryDirectory(prefix: "br-store-loss")
        let socket = directory.file("serve.sock")
        let command = "trap '' XFSZ; ulimit -f 400; exec '\(tool)' serve --source sim --socket '\(socket)' "
            + "--store '\(directory.file("readings.sqlite"))' --store-flush 0.05"
        let process = try ChildProcess(
            "/bin/sh", ["-c", command], standardError: .file(directory.file("stderr")))
        defer { process.terminate() }
        var stderr: String { (try? String(contentsOfFile: directory.file("stderr"), encoding: .utf8)) ?? "" }
        #expect(waitUntil { stderr.contains("warning: the readings store: ") || !process.isRunning }, "\(stderr)")
        #expect(stderr.contains("readings held for the next try"), "\(stderr)")

        let connection = try ServiceConnection(path: socket)
        try connection.send(ServiceRequest(.status))
        var status: JSONValue?
        while status == nil, let event = try connection.next() {
            if case .reply("status", _, true, _, let body) = event { status = body }
        }
        let pending = try #require(status?["store_pending"]?.numberValue, "\(String(describing: status))")
        #expect(pending >= 1 && pending <= 100_000 + 100_000 + 3 * 10_080)
        #expect(status?["store_lost"]?.numberValue == 0)

        process.send(SIGTERM)
        #expect(process.exitCode() == 74, "\(stderr)")
        let last = stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasPrefix("error: "), "\(stderr)")
        #expect(last.contains("could not be written to the readings store and were lost: cannot read or write "), "\(last)")
    }
}
