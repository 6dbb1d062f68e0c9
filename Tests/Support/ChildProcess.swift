import Foundation

/// A child process started with `posix_spawn`, with an empty signal mask and default signal dispositions.
///
/// Use it for children a test stops with a signal; their environment is ``ChildEnvironment/make(_:)``'s. Foundation's
/// `Process` (and so `Subprocess.run`) hands its children the signal mask of the thread that starts them; under the
/// test runner that mask blocks SIGTERM, so a broker started that way ignores `terminate()` and `waitUntilExit()` never returns.
public final class ChildProcess: @unchecked Sendable {
    // @unchecked: `exitStatus` is guarded by `lock`.

    /// Where a standard stream of the child goes.
    public enum Output {
        case null
        case file(String)
        /// A pipe whose read end is ``ChildProcess/output``.
        case pipe
    }

    public let pid: pid_t
    /// The read end of the child's standard output when it was `.pipe`; the caller reads and closes it.
    public let output: Int32?
    private let lock = NSLock()
    private var exitStatus: Int32?

    /// Starts `path` with `arguments`; `descriptors` maps further descriptors of the child to the caller's (a browser's
    /// `--remote-debugging-pipe` reads fd 3 and writes fd 4). `environment` is added to the inherited environment.
    public init(
        _ path: String, _ arguments: [String], standardOutput: Output = .null, standardError: Output = .null,
        descriptors: [Int32: Int32] = [:], environment: [String: String] = [:]
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipeEnds: [Int32] = [-1, -1]
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (descriptor, destination) in [(Int32(1), standardOutput), (Int32(2), standardError)] {
            switch destination {
            case .null:
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_WRONLY, 0)
            case .file(let file):
                posix_spawn_file_actions_addopen(&actions, descriptor, file, O_WRONLY | O_CREAT | O_APPEND, 0o644)
            case .pipe:
                guard pipe(&pipeEnds) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                // Other children spawned meanwhile must not hold the write end open (no EOF until they exit).
                for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], descriptor)
                posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
                posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
            }
        }
        for (child, parent) in descriptors { posix_spawn_file_actions_adddup2(&actions, parent, child) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // The runner's environment without the machine's runtime directories, and the test's own variables.
        let envp = ChildEnvironment.make().merging(environment) { $1 }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, path, &actions, &attributes, argv, envp)
        if pipeEnds[1] >= 0 { close(pipeEnds[1]) }
        guard status == 0 else {
            if pipeEnds[0] >= 0 { close(pipeEnds[0]) }
            throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO)
        }
        pid = child
        output = pipeEnds[0] >= 0 ? pipeEnds[0] : nil
    }

    deinit {
        terminate()
    }

    /// Sends `signal` to the child.
    public func send(_ signal: Int32) {
        guard isRunning else { return }
        kill(pid, signal)
    }

    /// Whether the child has not exited yet.
    public var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        if exitStatus != nil { return false }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return true }
        exitStatus = status
        return false
    }

    /// Waits for the child to exit, at most `timeout` seconds (default 30: a sanitizer-built child on a loaded machine
    /// is slow, and the exit ends the wait); returns its `waitpid` status, or nil if it still runs.
    @discardableResult
    public func wait(timeout: Double = 30) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while isRunning {
            guard Date() < deadline else { return nil }
            usleep(10_000)
        }
        lock.lock()
        defer { lock.unlock() }
        return exitStatus
    }

    /// The exit code when the child exited normally.
    public func exitCode(timeout: Double = 30) -> Int32? {
        guard let status = wait(timeout: timeout), status & 0x7F == 0 else { return nil }
        return (status >> 8) & 0xFF
    }

    /// SIGTERM, then SIGKILL if it has not exited after `timeout` seconds; waits for it.
    public func terminate(timeout: Double = 5) {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        if wait(timeout: timeout) == nil {
            kill(pid, SIGKILL)
            wait(timeout: 5)
        }
    }
}
