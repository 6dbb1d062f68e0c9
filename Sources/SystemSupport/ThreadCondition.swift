#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pthread mutex with a condition variable and `NSCondition`'s interface (lock, wait, signal, broadcast), so that
/// the library does not link Foundation for it. Timed waits use `CLOCK_MONOTONIC` on Linux, so a change of the
/// wall clock neither shortens nor stretches them.
///
/// Thread-safe by construction. As with any condition variable, wait in a loop that re-checks the predicate.
package final class ThreadCondition: MutexHolder, @unchecked Sendable {
    // @unchecked: the mutex and condition provide the synchronisation; allocated once and never moved.
    package let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    /// A point in time for ``wait(until:)``, on the clock the condition waits with.
    package struct Deadline: Sendable {
        fileprivate let time: timespec

        /// `seconds` (finite; negative is the past) after now.
        package init(secondsFromNow seconds: Double) {
            var now = timespec()
            clock_gettime(ThreadCondition.clock, &now)
            let clamped = min(max(seconds, -1e9), 1e9)
            let whole = clamped.rounded(.down)
            var nanoseconds = Int(now.tv_nsec) + Int(((clamped - whole) * 1e9).rounded())
            var wholeSeconds = Int(now.tv_sec) + Int(whole)
            if nanoseconds >= 1_000_000_000 {
                nanoseconds -= 1_000_000_000
                wholeSeconds += 1
            }
            time = timespec(tv_sec: wholeSeconds, tv_nsec: nanoseconds)
        }
    }

    #if canImport(Glibc)
    fileprivate static let clock = CLOCK_MONOTONIC
    #else
    // Darwin's condition variables wait on the realtime clock only.
    fileprivate static let clock = CLOCK_REALTIME
    #endif

    /// Creates an unlocked mutex and its condition.
    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        #if canImport(Glibc)
        pthread_condattr_setclock(&attributes, Self.clock)
        #endif
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }


    /// Releases the lock, sleeps until signalled (or spuriously woken), and takes the lock again. Hold the lock.
    package func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// Like ``wait()`` but gives up at `deadline`; returns false when it timed out. Hold the lock.
    package func wait(until deadline: Deadline) -> Bool {
        var time = deadline.time
        return pthread_cond_timedwait(condition, mutex, &time) != ETIMEDOUT
    }

    /// Wakes one waiter.
    package func signal() {
        pthread_cond_signal(condition)
    }

    /// Wakes every waiter.
    package func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
