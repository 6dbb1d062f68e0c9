import Foundation
import SystemSupport
import TestSupport
import Testing

/// A lock file in a directory every user may write (`/run/lock`) is never trusted by name: a planted symbolic link
/// or other non-file is refused and its target left untouched, another user's file is locked read-only and never
/// written or removed, a refusal names the user holding it, and what a killed holder of this user recorded is handed
/// to the next one.
@Suite("ExclusiveFileLock in a shared directory")
struct ExclusiveFileLockTests {
    private static func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    /// A scratch directory holding `victim`, a file a planted link points at ("precious\n").
    private static func scratchWithVictim(_ prefix: String) throws -> (TemporaryDirectory, victim: String) {
        let scratch = try TemporaryDirectory(prefix: prefix)
        try "precious\n".write(toFile: scratch.file("victim"), atomically: false, encoding: .utf8)
        return (scratch, scratch.file("victim"))
    }

    @Test("a symbolic link at the lock's path is refused (ELOOP) and its target neither truncated nor written")
    func plantedSymlinkIsRefused() throws {
        let (scratch, victim) = try Self.scratchWithVictim("lock-symlink")
        let path = scratch.file("device.lock")
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: victim)
        #expect(throws: SystemError(operation: "open", errno: .symbolicLink, path: path)) {
            _ = try ExclusiveFileLock.attempt(path)
        }
        #expect(Self.text(victim) == "precious\n")
        // A dangling link: nothing is created at its target either.
        let dangling = scratch.file("other.lock")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: scratch.file("created"))
        #expect(throws: SystemError.self) { _ = try ExclusiveFileLock.attempt(dangling) }
        #expect(!FileManager.default.fileExists(atPath: scratch.file("created")))
    }

    @Test("a hard link or a FIFO at the lock's path is refused (EPERM) without writing or hanging")
    func otherNonFilesAreRefused() throws {
        let (scratch, victim) = try Self.scratchWithVictim("lock-nonfile")
        let hard = scratch.file("hard.lock")
        #expect(link(victim, hard) == 0)
        let fifo = scratch.file("fifo.lock")
        #expect(mkfifo(fifo, 0o600) == 0)
        for path in [hard, fifo] {
            #expect(throws: SystemError(operation: "open", errno: .notPermitted, path: path)) {
                _ = try ExclusiveFileLock.attempt(path)
            }
        }
        #expect(Self.text(victim) == "precious\n")
    }

    @Test("another user's lock file, free: locked read-only, never written, left in place")
    func anotherUsersFreeFileIsNotWritten() throws {
        let scratch = try TemporaryDirectory(prefix: "lock-foreign")
        let path = scratch.file("device.lock")
        try "not yours\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(chown(path, 65534, 65534) == 0)
        guard case .acquired(let lock) = try ExclusiveFileLock.attempt(path) else {
            Issue.record("not acquired")
            return
        }
        #expect(lock.inherited.isEmpty)
        #expect(!lock.append("record"))
        #expect(Self.text(path) == "not yours\n")
        lock.release()
        #expect(Self.text(path) == "not yours\n")
    }

    @Test("a lock another user holds names that user and the process id in its file")
    func anotherUsersHeldLockNamesTheUser() throws {
        let setpriv = try #require(Subprocess.locate("setpriv"))
        let flock = try #require(Subprocess.locate("flock"))
        let scratch = try TemporaryDirectory(prefix: "lock-held")
        #expect(chmod(scratch.path, 0o755) == 0)
        let path = scratch.file("device.lock")
        try "4242\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(chown(path, 65534, 65534) == 0)
        let holder = try ChildProcess(
            setpriv, ["--reuid", "65534", "--regid", "65534", "--clear-groups", flock, "-n", path, "sleep", "600"])
        defer { holder.terminate() }
        var outcome: ExclusiveFileLock.Attempt?
        let refused = waitUntil {
            outcome = try? ExclusiveFileLock.attempt(path)
            if case .acquired(let lock) = outcome { lock.release() }
            if case .held = outcome { return true }
            return false
        }
        #expect(refused, "the child never held the lock")
        guard case .held(let who) = outcome else { return }
        #expect(who.userID == 65534 && who.processID == 4242 && !who.isSameUser)
        #expect(who.userName == "nobody")
    }

    @Test("what a killed holder of this user recorded is inherited (whole lines only) until reset")
    func recordsOfAKilledHolderAreInherited() throws {
        let scratch = try TemporaryDirectory(prefix: "lock-records")
        let path = scratch.file("device.lock")
        try "99999\nfirst\nsecond\ncut sho".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(chmod(path, 0o644) == 0)
        guard case .acquired(let lock) = try ExclusiveFileLock.attempt(path) else {
            Issue.record("not acquired")
            return
        }
        #expect(lock.inherited == ["first", "second"])
        lock.reset()
        #expect(Self.text(path) == "\(getpid())\n")
        #expect(lock.append("mine"))
        #expect(Self.text(path) == "\(getpid())\nmine\n")
        lock.release()
        #expect(!FileManager.default.fileExists(atPath: path))

        // A file others may write is not trusted, whoever owns it.
        try "99999\nplanted\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(chmod(path, 0o666) == 0)
        guard case .acquired(let open) = try ExclusiveFileLock.attempt(path) else {
            Issue.record("not acquired")
            return
        }
        #expect(open.inherited.isEmpty && !open.append("x"))
        open.release()
        #expect(Self.text(path) == "99999\nplanted\n")
    }
}
