#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A non-recursive pthread mutex with `NSLock`'s interface, so that the library does not link Foundation (which
/// brings FoundationInternationalization and ICU, several MB of RSS) for a lock.
///
/// Thread-safe by construction. Locking twice from one thread deadlocks, as with `NSLock`.
package final class ThreadLock: MutexHolder, @unchecked Sendable {
    // @unchecked: the mutex itself provides the synchronisation; it is allocated once and never moved.
    package let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Creates an unlocked mutex.
    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }
}
