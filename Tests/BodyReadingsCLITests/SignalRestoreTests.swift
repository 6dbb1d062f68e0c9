import Foundation
import IIODTestServer
import TestSupport
import Testing

/// Every signal whose default action ends a process, sent by another process, stops `stream` and `serve` the way
/// SIGTERM does: the device's settings restored, the socket removed, exit 0. Against the test iiod's bmi160 (a 2 ms
/// interval raises its sampling frequencies from 100 Hz), the executable as a child process. One case at a time:
/// thirty-four processes and servers at once would load the machine for every other suite.
@Suite(
    "every terminating signal leaves the device as it was found", .serialized,
    .enabled(if: PackagePaths.builtExecutable("bodyreadings") != nil, "needs the built bodyreadings"))
struct SignalRestoreTests {
    /// Every signal of signal(7) whose default action is to terminate (or dump core), but SIGKILL and SIGSTOP
    /// (which no process can handle), the faults (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS, SIGABRT) and
    /// SIGXFSZ (ignored: a write past the file size limit fails with EFBIG instead, which the writer reports; see
    /// `ServeStoreLossTests`), plus the first and last real-time signals.
    static let terminating: [Int32] = [
        SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGXCPU,
        SIGSTKFLT, __libc_current_sigrtmin(), __libc_current_sigrtmin() + 5, __libc_current_sigrtmax(),
    ]

    /// Runs `arguments` against a fresh test iiod until it changed the sampling frequencies (and `ready` holds),
    /// sends `signal`, and checks the exit status and the device.
    private func stopsCleanly(
        _ signal: Int32, _ arguments: (IIODTestServer, TemporaryDirectory) -> [String],
        ready: (TemporaryDirectory) -> Bool = { _ in true }
    ) throws -> TemporaryDirectory {
        let tool = try #require(PackagePaths.builtExecutable("bodyreadings"))
        let scratch = try TemporaryDirectory(prefix: "br-signal-restore")
        let server = try IIODTestServer(fixture: .bmi160)
        defer { server.stop() }
        let before = server.settingsSnapshot()
        let child = try ChildProcess(
            tool, arguments(server, scratch), standardError: .file(scratch.file("stderr")),
            environment: ["BODYREADINGS_LOCK_DIR": scratch.path])
        defer { child.terminate() }
        let started = waitUntil { server.acceptedWrites(of: "sampling_frequency") >= 2 && ready(scratch) }
        let log = { (try? String(contentsOfFile: scratch.file("stderr"), encoding: .utf8)) ?? "" }
        #expect(started, "signal \(signal): never captured: \(log())")
        child.send(signal)
        #expect(child.exitCode() == 0, "signal \(signal): not a clean stop: \(log())")
        let changed = server.settingsSnapshot().filter { before[$0.key] != $0.value }
        #expect(changed.isEmpty, "signal \(signal): left changed \(changed): \(log())")
        return scratch
    }

    @Test(arguments: Self.terminating)
    func streamRestoresTheDevice(signal: Int32) throws {
        _ = try stopsCleanly(signal) { server, _ in
            ["stream", "--uri", server.uri, "--interval", "0.002", "--format", "csv"]
        }
    }

    @Test(arguments: Self.terminating)
    func serveRestoresTheDeviceAndRemovesTheSocket(signal: Int32) throws {
        let scratch = try stopsCleanly(
            signal,
            { server, scratch in
                ["serve", "--uri", server.uri, "--socket", scratch.file("s.sock"), "--no-store", "--capture-interval",
                 "0.002"]
            },
            ready: { scratch in
                ((try? String(contentsOfFile: scratch.file("stderr"), encoding: .utf8)) ?? "").contains("serving ")
            })
        #expect(!FileManager.default.fileExists(atPath: scratch.file("s.sock")), "signal \(signal): socket left")
    }
}
