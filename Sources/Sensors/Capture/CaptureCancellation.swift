import SystemSupport

/// A thread-safe stop flag that wakes whoever waits on it: `cancel()` from a signal handler or another thread makes
/// every `wait(seconds:)` return at once (a short `wait(untilMonotonic:)` at its deadline) and every later
/// `isCancelled` true.
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

    /// Sleeps until the monotonic clock reads `deadline` (s, `MonotonicClock`) unless cancelled first. A wait
    /// shorter than `shortWait` sleeps on the clock instead, and `cancel()` ends it at its deadline: one system call
    /// per wake-up instead of the condition's two (its timed wait, then waking the mutex it took back), for the
    /// paced loops that wake every millisecond or two.
    @discardableResult
    public func wait(untilMonotonic deadline: Double) -> Bool {
        let seconds = deadline - MonotonicClock.now()
        guard seconds < Self.shortWait else { return wait(seconds: seconds) }
        if seconds > 0 { MonotonicClock.sleep(until: deadline) }
        return !isCancelled
    }

    /// The longest wait that sleeps on the clock, seconds: 10 ms, so a cancel is noticed within 10 ms.
    public static let shortWait = 0.01
}
