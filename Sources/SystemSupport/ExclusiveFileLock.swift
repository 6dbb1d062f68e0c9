#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive, non-blocking `flock` on a lock file, held until `release()` or the end of the process (the kernel
/// drops it with the descriptor, so a crashed holder never leaves a stale lock). Two opens of the file conflict even
/// inside one process, which lets tests hold both sides. The holder writes its process id into the file, so that the
/// one refused can say who holds it, and removes the file when it lets go (no lock files pile up); a taker that
/// finds its file removed meanwhile starts again on the new one.
package final class ExclusiveFileLock: @unchecked Sendable {
    // @unchecked: `descriptor` is guarded by `guardLock`: `release()` may come from two threads at once (a capture's
    // stop on its thread and a second signal's emergency stop), and closing twice would close a descriptor number
    // that another thread opened meanwhile.

    /// The lock file.
    package let path: String
    private var descriptor: Int32
    private let guardLock = ThreadLock()

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    /// How an attempt to take the lock ended.
    package enum Attempt {
        /// Taken: release it when done.
        case acquired(ExclusiveFileLock)
        /// Another holder has it; its process id when the file names one.
        case held(holder: Int32?)
    }

    /// Takes the lock on `path`, creating the file (mode 0644) when missing; does not wait for another holder. A file
    /// of another user that this one may only read is locked through a read-only descriptor (then without the
    /// process id). The corresponding C function is `flock` with `LOCK_EX | LOCK_NB`.
    package static func attempt(_ path: String) throws(SystemError) -> Attempt {
        while true {
            if let attempt = try attemptOnce(path) { return attempt }
        }
    }

    /// One try; nil when the file was removed (by the holder letting go) between the open and the lock.
    private static func attemptOnce(_ path: String) throws(SystemError) -> Attempt? {
        let descriptor: Int32
        var writable = true
        do {
            descriptor = try SystemCall.open(path, O_RDWR | O_CREAT, mode: 0o644)
        } catch where error.errno == .permissionDenied {
            descriptor = try SystemCall.open(path, O_RDONLY)
            writable = false
        }
        let result = SystemCall.retryingInterrupts { flock(descriptor, LOCK_EX | LOCK_NB) }
        guard result == 0 else {
            let failure = SystemErrno.current
            let holder = failure == .wouldBlock ? processID(in: descriptor) : nil
            try? SystemCall.close(descriptor)
            guard failure == .wouldBlock else { throw SystemError(operation: "flock", errno: failure, path: path) }
            return .held(holder: holder)
        }
        var opened = stat()
        var current = stat()
        guard fstat(descriptor, &opened) == 0, stat(path, &current) == 0, opened.st_ino == current.st_ino,
            opened.st_dev == current.st_dev
        else {
            try? SystemCall.close(descriptor)
            return nil
        }
        if writable {
            let text = Array("\(getpid())\n".utf8)
            if ftruncate(descriptor, 0) == 0 { try? SystemCall.writeAll(descriptor, text, path: path) }
        }
        return .acquired(ExclusiveFileLock(path: path, descriptor: descriptor))
    }

    /// Gives the lock up and removes the file (while still holding it, so that no one locks a file about to go).
    /// Idempotent.
    package func release() {
        guardLock.withLock {
            guard descriptor >= 0 else { return }
            unlink(path)
            try? SystemCall.close(descriptor, path: path)
            descriptor = -1
        }
    }

    deinit { release() }

    /// The process id a holder wrote at the start of the file, if it holds one.
    private static func processID(in descriptor: Int32) -> Int32? {
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = bytes.withUnsafeMutableBytes { buffer in
            SystemCall.retryingInterrupts { pread(descriptor, buffer.baseAddress, buffer.count, 0) }
        }
        guard count > 0 else { return nil }
        let text = String(decoding: bytes.prefix(count).prefix { $0 != 0x0A }, as: UTF8.self)
        return Int32(text).flatMap { $0 > 0 ? $0 : nil }
    }
}
