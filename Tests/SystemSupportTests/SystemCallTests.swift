import Foundation
import Testing

@testable import SystemSupport

/// The POSIX funnel: typed errors with the call and the path, `EINTR` retried, writes and reads complete.
@Suite struct SystemCallTests {
    @Test func aFailedOpenNamesTheCallThePathAndTheErrno() {
        let path = "/nonexistent-\(UUID().uuidString)/file"
        #expect(throws: SystemError(operation: "open", errno: .noSuchFile, path: path)) {
            try SystemCall.open(path, O_RDONLY)
        }
        do {
            _ = try SystemCall.open(path, O_RDONLY)
        } catch SystemErrno.noSuchFile {
            // The pattern a caller writes.
        } catch {
            Issue.record("not matched by SystemErrno.noSuchFile: \(error)")
        }
        let error = SystemError(operation: "open", errno: .noSuchFile, path: path)
        #expect(error.description == "open \(path): No such file or directory (errno 2)")
        #expect(SystemErrno.readOnlyFileSystem.isPermissionError && !SystemErrno.noSuchFile.isPermissionError)
    }

    /// A pipe holds 64 KiB: a 1 MiB write completes only through many short writes while a reader drains it.
    /// (The pipe is close-on-exec: a child that another test spawns meanwhile would otherwise hold its write end,
    /// and the reader would see the end of the data only when that child exits.)
    @Test func writeAllContinuesAfterShortWrites() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0 && ends.allSatisfy { fcntl($0, F_SETFD, FD_CLOEXEC) == 0 })
        let readEnd = ends[0]
        let bytes = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let received = Received()
        let reader = Thread {
            var chunk = [UInt8](repeating: 0, count: 4096)
            while let count = try? chunk.withUnsafeMutableBytes({ try SystemCall.read(readEnd, into: $0) }),
                count > 0
            {
                received.bytes += chunk[..<count]
            }
            received.done.signal()
        }
        reader.start()
        try SystemCall.writeAll(ends[1], bytes)
        try SystemCall.close(ends[1])
        received.done.wait()
        try SystemCall.close(ends[0])
        #expect(received.bytes == bytes)
    }

    /// A signal that interrupts a blocking read (a handler installed without `SA_RESTART`) does not surface: the
    /// funnel calls `read` again and returns the data that comes later.
    @Test func anInterruptedReadIsRetried() throws {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        action.sa_flags = 0
        var previous = sigaction()
        #expect(sigaction(SIGUSR2, &action, &previous) == 0)
        defer { sigaction(SIGUSR2, &previous, nil) }
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0 && ends.allSatisfy { fcntl($0, F_SETFD, FD_CLOEXEC) == 0 })
        defer {
            close(ends[0])
            close(ends[1])
        }
        let readEnd = ends[0]
        let received = Received()
        let reader = Thread {
            // Threads of the test runner's pool block signals, and a new thread inherits the mask.
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, SIGUSR2)
            pthread_sigmask(SIG_UNBLOCK, &signals, nil)
            received.thread = pthread_self()
            received.started.signal()
            var chunk = [UInt8](repeating: 0, count: 16)
            let count = (try? chunk.withUnsafeMutableBytes { try SystemCall.read(readEnd, into: $0) }) ?? -1
            received.bytes = Array(chunk[..<max(0, count)])
            received.done.signal()
        }
        reader.start()
        received.started.wait()
        for _ in 0..<5 {
            usleep(20_000)
            pthread_kill(received.thread, SIGUSR2)
        }
        try SystemCall.writeAll(ends[1], Array("late".utf8))
        received.done.wait()
        #expect(received.bytes == Array("late".utf8))
    }

    @Test func readAllRefusesAFileAboveTheLimit() throws {
        let path = NSTemporaryDirectory() + "bodyreadings-readall-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(repeating: 0x41, count: 100).write(to: URL(fileURLWithPath: path))
        #expect(try SystemCall.readAll(path: path, limit: 100) == [UInt8](repeating: 0x41, count: 100))
        #expect(throws: SystemError(operation: "read", errno: .fileTooLarge, path: path)) {
            try SystemCall.readAll(path: path, limit: 99)
        }
    }
}

/// What a helper thread hands back to the test.
private final class Received: @unchecked Sendable {
    // @unchecked: written by the helper thread before it signals, read by the test after waiting.
    var bytes: [UInt8] = []
    var thread = pthread_t(bitPattern: 0)
    let started = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
}
