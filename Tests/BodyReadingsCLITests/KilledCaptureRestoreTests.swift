import Foundation
import IIODTestServer
import TestSupport
import Testing

/// `kill -9` gives a capture no chance to restore the device. It recorded the original settings in its claim file
/// before changing them, so the next capture of the device (a restarted `serve`, a `stream`) puts them back first,
/// says so once, and restores those originals at its own end — not the dead one's rates it found.
@Suite(
    "a capture killed with SIGKILL: the next one restores the device",
    .enabled(if: PackagePaths.builtExecutable("bodyreadings") != nil, "needs the built bodyreadings"))
struct KilledCaptureRestoreTests {
    @Test(arguments: ["stream", "serve"])
    func theNextCaptureRestoresWhatAKilledOneChanged(command: String) throws {
        let tool = try #require(PackagePaths.builtExecutable("bodyreadings"))
        let scratch = try TemporaryDirectory(prefix: "br-killed-capture")
        let server = try IIODTestServer(fixture: .bmi160)
        defer { server.stop() }
        let before = server.settingsSnapshot()
        let environment = ["BODYREADINGS_LOCK_DIR": scratch.path]
        func start(_ name: String) throws -> ChildProcess {
            let arguments =
                command == "stream"
                ? ["stream", "--uri", server.uri, "--interval", "0.002", "--format", "csv"]
                : ["serve", "--uri", server.uri, "--socket", scratch.file("s.sock"), "--no-store",
                   "--capture-interval", "0.002"]
            return try ChildProcess(
                tool, arguments, standardError: .file(scratch.file(name)), environment: environment)
        }
        func log(_ name: String) -> String { (try? String(contentsOfFile: scratch.file(name), encoding: .utf8)) ?? "" }
        func claimFiles() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []).filter { $0.hasSuffix(".lock") }
        }

        let first = try start("first")
        let changed = waitUntil { server.acceptedWrites(of: "sampling_frequency") >= 2 }
        #expect(changed, "the first capture never changed the device: \(log("first"))")
        first.send(SIGKILL)
        _ = first.wait()
        #expect(server.value(device: "iio:device0", channel: "accel_x", attribute: "sampling_frequency") == "800.000000")
        #expect(claimFiles().count == 1, "the killed capture's record: \(claimFiles())")

        // The next capture restores the originals before its own changes; ended cleanly, it restores those again.
        let second = try start("second")
        let running = waitUntil { log("second").contains("killed before it could restore") }
        #expect(running, "\(log("second"))")
        #expect(
            log("second").contains("restored in_anglvel_sampling_frequency 100.000000, in_accel_sampling_frequency "
                + "100.000000"), "\(log("second"))")
        #expect(waitUntil { server.acceptedWrites(of: "sampling_frequency") >= 4 }, "\(server.acceptedWrites(of: "sampling_frequency"))")
        second.send(SIGTERM)
        #expect(second.exitCode() == 0, "\(log("second"))")
        let left = server.settingsSnapshot().filter { before[$0.key] != $0.value }
        #expect(left.isEmpty, "left changed: \(left)")
        #expect(claimFiles().isEmpty, "a clean end leaves no record: \(claimFiles())")
    }
}
