#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A type that holds a pthread mutex (`ThreadLock`, `ThreadCondition`): `lock`, `unlock` and `withLock` are written
/// once, here.
package protocol MutexHolder: AnyObject {
    /// The mutex, allocated once and never moved.
    var mutex: UnsafeMutablePointer<pthread_mutex_t> { get }
}

extension MutexHolder {
    /// Blocks until the calling thread holds the lock.
    package func lock() {
        pthread_mutex_lock(mutex)
    }

    /// Releases the lock; only the thread that holds it may call this.
    package func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Runs `body` while holding the lock.
    package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
