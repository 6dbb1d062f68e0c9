import Dispatch
import SystemSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal driver of `bodyreadings dashboard`: draws `DashboardLayout`'s screen of the live readings about
/// ten times a second (only when it changed), redraws at once on a resize (SIGWINCH; the size is read with
/// `TIOCGWINSZ` before every frame, so a missed signal costs at most one frame), and ends on `q`, on `stop(_:)`
/// (the command's stop signals) or when the terminal goes away (end of input, a failed write); Ctrl-Z suspends it
/// with the terminal restored.
///
/// `run()` takes the terminal over (`TerminalSession`) and restores it before it returns; `restoreTerminal()` does
/// it from any thread for an exit that cannot wait for `run()` (a second stop signal).
final class TerminalDashboard: @unchecked Sendable {
    // @unchecked: `stopSignal`, `suspensionWanted` and `session` are guarded by `lock`; the rest is immutable or confined to `run()`'s
    // thread.

    /// Why the dashboard ended.
    enum Ending: Sendable, Equatable {
        /// `q` was pressed.
        case quit
        /// The command was asked to stop by this signal.
        case signal(Int32)
        /// The terminal's input ended or its output failed (the session hung up).
        case terminalClosed
    }

    /// Seconds between frames.
    static let refresh = 0.1

    private let readings: DashboardReadings
    private let input: Int32
    private let output: Int32
    private let colour: Bool
    private let wakeUp: InterruptiblePoll
    private let lock = ThreadLock()
    private var stopSignal: Int32?
    private var suspensionWanted = false
    private var session: TerminalSession?

    /// A dashboard of `readings` on the terminal of `input` (keys) and `output` (the screen and its size);
    /// `colour` false draws bold only (`NO_COLOR`). Changes nothing on the terminal before `run()`.
    init(readings: DashboardReadings, input: Int32, output: Int32, colour: Bool) throws(SystemError) {
        self.readings = readings
        self.input = input
        self.output = output
        self.colour = colour
        wakeUp = try InterruptiblePoll()
    }

    /// Makes `run()` return `.signal(number)` at once. Thread-safe.
    func stop(_ number: Int32) {
        lock.withLock { if stopSignal == nil { stopSignal = number } }
        wakeUp.wake()
    }

    /// Puts the terminal back at once if `run()` holds it. Thread-safe, idempotent.
    func restoreTerminal() {
        lock.withLock { session }?.restore()
    }

    /// Takes the terminal over and draws until `q`, a stop or the end of the terminal; the terminal is restored
    /// when it returns. Ctrl-Z (SIGTSTP) restores it, stops the process, and takes it over again on `fg`
    /// (SIGCONT). Throws when `input` is not a terminal.
    func run() throws(SystemError) -> Ending {
        var session = try TerminalSession(input: input, output: output)
        lock.withLock { self.session = session }
        defer { restoreTerminal() }
        let sources = [SIGWINCH, SIGTSTP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in
                if number == SIGTSTP { lock.withLock { suspensionWanted = true } }
                wakeUp.wake()
            }
            source.resume()
            return (number, source)
        }
        defer {
            for (number, source) in sources {
                source.cancel()
                signal(number, SIG_DFL)
            }
        }
        var drawn: (lines: [StyledLine], columns: Int, rows: Int)?
        while true {
            if let number = lock.withLock({ stopSignal }) { return .signal(number) }
            if lock.withLock({ () -> Bool in
                defer { suspensionWanted = false }
                return suspensionWanted
            }) {
                session.restore()
                // SIGSTOP, which nothing catches, does what SIGTSTP's default would have: the shell sees the job
                // stopped. Execution continues here on SIGCONT.
                kill(getpid(), SIGSTOP)
                guard let resumed = try? TerminalSession(input: input, output: output) else { return .terminalClosed }
                session = resumed
                lock.withLock { self.session = resumed }
                drawn = nil
            }
            let size = TerminalMode.size(of: output) ?? (columns: 80, rows: 24)
            let (model, now) = readings.snapshot()
            let lines = DashboardLayout.lines(model, now: now, width: size.columns, height: size.rows)
            if drawn?.lines != lines || drawn?.columns != size.columns || drawn?.rows != size.rows {
                let resized = drawn.map { $0.columns != size.columns || $0.rows != size.rows } ?? false
                var frame = resized ? Array(TerminalSequences.clear.utf8) : []
                frame += TerminalSequences.frame(lines, colour: colour)
                guard session.write(frame) else { return .terminalClosed }
                drawn = (lines, size.columns, size.rows)
            }
            let (ready, _) = wakeUp.wait(for: input, writable: false, timeout: Self.refresh)
            guard !ready.isEmpty else { continue }
            switch keys() {
            case .quit: return .quit
            case .closed: return .terminalClosed
            case .other: continue
            }
        }
    }

    private enum Keys {
        case quit, closed, other
    }

    /// Reads the keys waiting on the input: `q` (either case) quits; an input that ended (0 bytes although poll
    /// said readable, or an error such as EIO after a hang-up) is a closed terminal.
    private func keys() -> Keys {
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = SystemCall.retryingInterrupts { read(input, &bytes, bytes.count) }
        guard count > 0 else { return .closed }
        return bytes.prefix(count).contains { $0 == UInt8(ascii: "q") || $0 == UInt8(ascii: "Q") } ? .quit : .other
    }
}
