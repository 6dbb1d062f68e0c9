import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT, SIGTERM, SIGHUP (the terminal or SSH session closed) and SIGQUIT handling for long-running commands: the
/// first signal asks the command to stop cleanly (finish its output, restore the device); a second one runs the
/// emergency action (restore the device) and exits at once with 128 + the signal number. Left at their defaults,
/// SIGHUP and SIGQUIT would kill the process with the device's sampling frequency and buffer left changed.
///
/// The signals are ignored at the process level and delivered to a dispatch source instead, so no code runs in a
/// signal handler. `uninstall()` puts the default dispositions back.
final class StopSignals: @unchecked Sendable {
    // @unchecked: `received` is only touched on `queue`.
    private let queue = DispatchQueue(label: "bodyreadings.signals")
    private var sources: [any DispatchSourceSignal] = []
    private var received = 0

    /// The signals handled.
    static let numbers = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Installs the handlers: `stop` runs on the first signal, `emergency` (then `exit`) on the second.
    init(stop: @escaping @Sendable (Int32) -> Void, emergency: @escaping @Sendable () -> Void) {
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
            source.resume()
            sources.append(source)
        }
    }

    /// Cancels the handlers and restores the default dispositions.
    func uninstall() {
        for source in sources { source.cancel() }
        sources.removeAll()
        for number in Self.numbers { signal(number, SIG_DFL) }
    }
}
