import SystemSupport

/// A thread-safe stop flag that wakes whoever waits on it: `cancel()` from a signal handler or another thread makes
/// every `wait(seconds:)` return at once and every later `isCancelled` true.
public final class CaptureCancellation: @unchecked Sendable {
    // @unchecked: all state is guarded by `condition`.
    private let condition = ThreadCondition()
    private var cancelled = false

    public init() {}

    /// True once `cancel()` was called.
    public var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// Sets the flag and wakes every waiter. Idempotent.
    public func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// Sleeps `seconds` unless cancelled first; returns false when cancelled.
    @discardableResult
    public func wait(seconds: Double) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard seconds > 0 else { return !cancelled }
        let deadline = ThreadCondition.Deadline(secondsFromNow: seconds)
        while !cancelled {
            if !condition.wait(until: deadline) { break }
        }
        return !cancelled
    }

    /// Sleeps until the monotonic clock reads `deadline` (s, `MonotonicClock`) unless cancelled first.
    @discardableResult
    public func wait(untilMonotonic deadline: Double) -> Bool {
        wait(seconds: deadline - MonotonicClock.now())
    }
}
