import Glibc

/// Termination signals held pending instead of delivered, so the single-threaded run loop can notice them between
/// `poll` calls and shut the device down cleanly (signalfd is not exported by Swift's Glibc module).
final class PendingSignals {
    private var mask = sigset_t()

    /// Blocks `signals` for this thread. The corresponding C function is `pthread_sigmask`.
    init(signals: [Int32]) throws(SystemError) {
        sigemptyset(&mask)
        for signal in signals {
            sigaddset(&mask, signal)
        }
        let status = pthread_sigmask(SIG_BLOCK, &mask, nil)
        if status != 0 { throw SystemError("pthread_sigmask", errno: status) }
    }

    /// Consumes one pending signal of the set, if any. The corresponding C function is `sigtimedwait`.
    func take() -> Int32? {
        var zero = timespec(tv_sec: 0, tv_nsec: 0)
        let signal = sigtimedwait(&mask, nil, &zero)
        return signal > 0 ? signal : nil
    }
}
