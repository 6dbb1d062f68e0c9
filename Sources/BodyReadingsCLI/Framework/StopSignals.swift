import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every signal whose default action ends the process and that another process sends — SIGINT, SIGTERM, SIGHUP (the
/// terminal or SSH session closed), SIGQUIT, SIGUSR1, SIGUSR2, the timer, I/O, power and resource-limit signals and
/// the real-time ones — is handled for long-running commands: the first signal asks the command to stop cleanly
/// (finish its output, restore the device, remove the socket); a second one runs the emergency action (restore the
/// device) and exits at once with 128 + the signal number. Left at their defaults, they would kill the process with
/// the device's sampling frequency and trigger left changed.
///
/// Not handled: SIGKILL and SIGSTOP (they cannot be), and the signals of a fault in the process itself (SIGSEGV,
/// SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS, SIGABRT — a Swift runtime trap is SIGILL or SIGTRAP): their handler would
/// return to the faulting instruction. A process ended by one of those leaves its settings record behind, from which
/// the next capture of the device restores it (`DeviceClaim`).
///
/// The signals are ignored at the process level and delivered to a dispatch source instead, so no code runs in a
/// signal handler. The sources register on libdispatch's own thread; `init` returns once they have, so that a
/// signal sent after the command changed the device is never ignored for want of a handler. `uninstall()` puts the
/// default dispositions back.
final class StopSignals: @unchecked Sendable {
    // @unchecked: `received` is only touched on `queue`.
    private let queue = DispatchQueue(label: "bodyreadings.signals")
    private var sources: [any DispatchSourceSignal] = []
    private var received = 0
    /// The calling thread's signal mask before `init`, put back by `uninstall()`.
    private var previousMask = sigset_t()

    /// The signals handled: every one whose default action terminates, but the faults and SIGXFSZ.
    static let numbers: [Int32] =
        [
            SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGXCPU,
            SIGSTKFLT,
        ] + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
    /// Ignored while installed: the kernel raises SIGXFSZ in the thread whose write passed the file size limit, and
    /// that write then fails with EFBIG, which the writer reports (a full store ends `serve` with 74 and the count it
    /// lost). Stopping on it would end a service over one file; sent by another process it changes nothing.
    static let ignored: [Int32] = [SIGXFSZ]

    /// Installs the handlers: `stop` runs on the first signal, `emergency` (then `exit`) on the second.
    init(stop: @escaping @Sendable (Int32) -> Void, emergency: @escaping @Sendable () -> Void) {
        // Blocked in this thread and the threads it starts later (libdispatch's own block them already): a signal
        // the kernel handed to a thread that does not block it would reach libdispatch's placeholder handler there
        // and never its source.
        var handled = sigset_t()
        sigemptyset(&handled)
        for number in Self.numbers { sigaddset(&handled, number) }
        pthread_sigmask(SIG_BLOCK, &handled, &previousMask)
        for number in Self.ignored { signal(number, SIG_IGN) }
        let registered = DispatchGroup()
        for number in Self.numbers {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [unowned self] in
                received += 1
                if received == 1 {
                    stop(number)
                } else {
                    emergency()
                    exit(128 + number)
                }
            }
            registered.enter()
            source.setRegistrationHandler { registered.leave() }
            source.resume()
            sources.append(source)
        }
        // Bounded: a libdispatch that never reports registration must not hang the command.
        _ = registered.wait(timeout: .now() + 5)
    }

    /// Cancels the handlers and restores the default dispositions.
    func uninstall() {
        for source in sources { source.cancel() }
        sources.removeAll()
        // Unblocked while still ignored, so that a signal pending now is dropped rather than ending the process.
        for number in Self.numbers { signal(number, SIG_IGN) }
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        for number in Self.numbers + Self.ignored { signal(number, SIG_DFL) }
    }
}
