import Sensors
import SystemSupport

#if canImport(Glibc)
import Glibc
#endif

/// Why `serve` stops: a signal, or the end of its capture (and the error that ended it). Thread-safe.
final class ServeOutcome: @unchecked Sendable {
    // @unchecked: guarded by `lock`.
    private let lock = ThreadLock()
    private var signal: Int32?
    private var ended = false
    private var error: CaptureError?

    func signalled(_ number: Int32) { lock.withLock { if signal == nil { signal = number } } }

    func captureEnded(_ error: CaptureError?) {
        lock.withLock {
            ended = true
            self.error = error
        }
    }

    /// The error that ended the capture, if one did.
    var failure: CaptureError? { lock.withLock { error } }

    /// Why the service stops, for the clients and stderr.
    var reason: String {
        lock.withLock {
            if let signal { return signal == SIGINT ? "interrupted" : "the service is stopping" }
            if let error { return "the sensors failed: \(error.message)" }
            return ended ? "the source ended" : "the service is stopping"
        }
    }
}
