import SystemSupport

/// The terminal while the dashboard owns it: key-at-a-time input without echo (`TerminalMode`), the alternate
/// screen, the cursor hidden. `restore()` puts all of it back; it runs on every exit path (a return, a thrown
/// error, the first stop signal through the command, a second one through the emergency exit) and is idempotent
/// and safe from any thread.
final class TerminalSession: @unchecked Sendable {
    // @unchecked: `active` is guarded by `lock`; the rest is immutable.
    private let lock = ThreadLock()
    private let mode: TerminalMode
    private let output: Int32
    private var active = true

    /// Takes over the terminal: `input` (a terminal, else `ENOTTY`) in key-at-a-time mode, the full screen on
    /// `output`.
    init(input: Int32, output: Int32) throws(SystemError) {
        mode = try TerminalMode(descriptor: input)
        self.output = output
        write(Array(TerminalSequences.enter.utf8))
    }

    /// Writes `bytes` to the terminal; false when it cannot be written any more (closed: the session hung up).
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        (try? SystemCall.writeAll(output, bytes)) != nil
    }

    /// Leaves the full screen, shows the cursor and puts the input settings back as they were found.
    func restore() {
        guard lock.withLock({ () -> Bool in
            defer { active = false }
            return active
        }) else { return }
        write(Array(TerminalSequences.leave.utf8))
        mode.restore()
    }
}
