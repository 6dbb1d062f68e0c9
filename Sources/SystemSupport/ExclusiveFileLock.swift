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
///
/// The directory may be shared by every user (`/run/lock` is world-writable and sticky), so the file is never
/// trusted by name: it is created with `O_EXCL`, opened with `O_NOFOLLOW` (a planted symbolic link is refused, not
/// followed), and an existing file is written only when it is a plain file of this user with one link that no one
/// else may write. Another user's file is locked read-only and left alone; its owner is named to a refused taker.
///
/// Lines a holder appends (`append(_:)`) stay in the file when it dies without releasing (killed): the next taker of
/// the same user finds them in `inherited`.
package final class ExclusiveFileLock: @unchecked Sendable {
    // @unchecked: `descriptor` is guarded by `guardLock`: `release()` may come from two threads at once (a capture's
    // stop on its thread and a second signal's emergency stop), and closing twice would close a descriptor number
    // that another thread opened meanwhile.

    /// The lock file.
    package let path: String
    /// What a holder of this user that ended without releasing left after its process id, one entry per line (only
    /// whole lines); empty for a new file or another user's. `reset()` discards it.
    package let inherited: [String]
    private var descriptor: Int32
    /// False for another user's file, which is locked through a read-only descriptor and never written or removed.
    private let isOwn: Bool
    private let guardLock = ThreadLock()

    private init(path: String, descriptor: Int32, isOwn: Bool, inherited: [String]) {
        self.path = path
        self.descriptor = descriptor
        self.isOwn = isOwn
        self.inherited = inherited
    }

    /// Who holds a lock another taker was refused.
    package struct Holder: Sendable, Equatable {
        /// The process id the file names, if it names one.
        package var processID: Int32?
        /// The user who owns the lock file.
        package var userID: UInt32
        /// The owner's login name, when the password database knows it.
        package var userName: String?

        /// True when the file belongs to the user of this process.
        package var isSameUser: Bool { userID == geteuid() }
    }

    /// How an attempt to take the lock ended.
    package enum Attempt {
        /// Taken: release it when done.
        case acquired(ExclusiveFileLock)
        /// Another holder has it.
        case held(Holder)
    }

    /// Takes the lock on `path`, creating the file (mode 0644) when missing; does not wait for another holder. The
    /// corresponding C function is `flock` with `LOCK_EX | LOCK_NB`.
    ///
    /// - Throws: `SystemError` `ELOOP` when `path` is a symbolic link, `EPERM` when it is not a plain file with one
    ///   link (a directory, a FIFO, a hard link to another file), the open's or `flock`'s error otherwise.
    package static func attempt(_ path: String) throws(SystemError) -> Attempt {
        while true {
            if let attempt = try attemptOnce(path) { return attempt }
        }
    }

    /// One try; nil when the file was removed or replaced (by the holder letting go) between the open and the lock.
    private static func attemptOnce(_ path: String) throws(SystemError) -> Attempt? {
        guard let opened = try open(path) else { return nil }
        var descriptor = opened.descriptor
        let created = opened.created
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let failure = SystemError(operation: "fstat", errno: .current, path: path)
            try? SystemCall.close(descriptor)
            throw failure
        }
        guard (info.st_mode & S_IFMT) == S_IFREG, info.st_nlink == 1 else {
            try? SystemCall.close(descriptor)
            throw SystemError(operation: "open", errno: .notPermitted, path: path)
        }
        var isOwn = created
        if !created, info.st_uid == geteuid(), info.st_mode & (S_IWGRP | S_IWOTH) == 0,
            let writable = reopenForWriting(path, info)
        {
            try? SystemCall.close(descriptor)
            descriptor = writable
            isOwn = true
        }
        let result = SystemCall.retryingInterrupts { flock(descriptor, LOCK_EX | LOCK_NB) }
        guard result == 0 else {
            let failure = SystemErrno.current
            let holder = Holder(
                processID: failure == .wouldBlock ? processID(in: read(descriptor)) : nil, userID: info.st_uid,
                userName: userName(info.st_uid))
            try? SystemCall.close(descriptor)
            guard failure == .wouldBlock else { throw SystemError(operation: "flock", errno: failure, path: path) }
            return .held(holder)
        }
        var current = stat()
        guard lstat(path, &current) == 0, info.st_ino == current.st_ino, info.st_dev == current.st_dev else {
            try? SystemCall.close(descriptor)
            return nil
        }
        let inherited = isOwn && !created ? records(in: read(descriptor)) : []
        let lock = ExclusiveFileLock(path: path, descriptor: descriptor, isOwn: isOwn, inherited: inherited)
        if inherited.isEmpty { lock.reset() }
        return .acquired(lock)
    }

    /// Creates the file (`O_EXCL`: never an existing one) or opens the existing one read-only; neither follows a
    /// symbolic link, and `O_NONBLOCK` keeps a planted FIFO from hanging the open. Nil when the file vanished
    /// between the two. Writes append (`O_APPEND`), so that a record lands after the ones before it.
    private static func open(_ path: String) throws(SystemError) -> (descriptor: Int32, created: Bool)? {
        do {
            return (try SystemCall.open(path, O_RDWR | O_APPEND | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o644), true)
        } catch where error.errno == .fileExists || error.errno == .permissionDenied {
            do {
                return (try SystemCall.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK), false)
            } catch where error.errno == .noSuchFile {
                return nil
            }
        }
    }

    /// A read-write descriptor on the file `info` describes (checked by device and inode after the open), nil when
    /// it cannot be opened so.
    private static func reopenForWriting(_ path: String, _ info: stat) -> Int32? {
        guard let writable = try? SystemCall.open(path, O_RDWR | O_APPEND | O_NOFOLLOW | O_NONBLOCK) else { return nil }
        var reopened = stat()
        guard fstat(writable, &reopened) == 0, reopened.st_ino == info.st_ino, reopened.st_dev == info.st_dev else {
            try? SystemCall.close(writable)
            return nil
        }
        return writable
    }

    /// Starts the file afresh with this process's id alone, dropping what `inherited` held (once it was dealt
    /// with). Nothing happens on another user's file.
    package func reset() {
        guardLock.withLock {
            guard isOwn, descriptor >= 0 else { return }
            guard ftruncate(descriptor, 0) == 0 else { return }
            try? SystemCall.writeAll(descriptor, Array("\(getpid())\n".utf8), path: path)
        }
    }

    /// Adds `line` (without a newline) at the end of the file, where the next holder of this user finds it if this
    /// one dies holding the lock. False on another user's file, or when the write failed.
    @discardableResult
    package func append(_ line: String) -> Bool {
        guardLock.withLock {
            guard isOwn, descriptor >= 0 else { return false }
            return (try? SystemCall.writeAll(descriptor, Array((line + "\n").utf8), path: path)) != nil
        }
    }

    /// Gives the lock up and removes the file when it is this user's (while still holding it, so that no one locks
    /// a file about to go). Idempotent.
    package func release() {
        guardLock.withLock {
            guard descriptor >= 0 else { return }
            if isOwn { unlink(path) }
            try? SystemCall.close(descriptor, path: path)
            descriptor = -1
        }
    }

    deinit { release() }

    /// The start of the file (at most 64 KiB).
    private static func read(_ descriptor: Int32) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 1 << 16)
        let count = bytes.withUnsafeMutableBytes { buffer in
            SystemCall.retryingInterrupts { pread(descriptor, buffer.baseAddress, buffer.count, 0) }
        }
        return count > 0 ? Array(bytes.prefix(count)) : []
    }

    /// The process id a holder wrote on the first line, if the file holds one.
    private static func processID(in bytes: [UInt8]) -> Int32? {
        let text = String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self)
        return Int32(text).flatMap { $0 > 0 ? $0 : nil }
    }

    /// The whole lines after the first (a line cut short by a crash during its write is not one).
    private static func records(in bytes: [UInt8]) -> [String] {
        guard let end = bytes.lastIndex(of: 0x0A) else { return [] }
        return bytes[...end].split(separator: 0x0A).dropFirst().map { String(decoding: $0, as: UTF8.self) }
    }

    /// The login name of `userID`, when the password database has one. The corresponding C function is `getpwuid_r`.
    private static func userName(_ userID: uid_t) -> String? {
        var entry = passwd()
        var found: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwuid_r(userID, &entry, &buffer, buffer.count, &found) == 0, found != nil, let name = entry.pw_name
        else { return nil }
        return String(cString: name)
    }
}
