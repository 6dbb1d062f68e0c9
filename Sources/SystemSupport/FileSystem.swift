#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file operations of a small store of files (the calibration store): whole-file reads, directories, listing,
/// removal, and atomic replacement with crash-point injection, each failure a `SystemError`.
package enum FileSystem {
    /// Where a simulated crash stops `writeAtomically` (tests): the temporary file is left behind as a crash would
    /// leave it, and the target is not touched.
    package enum CrashPoint: Sendable {
        /// After the temporary file was created and partly written.
        case duringWrite
        /// After the temporary file was written and synced, before the rename.
        case beforeRename
    }

    /// How `writeAtomically` failed.
    package enum WriteFailure: Error, Equatable {
        /// The temporary file could not be created in the directory.
        case directory(SystemError)
        /// Writing, syncing or renaming failed; the temporary file was removed.
        case file(SystemError)
        /// A test asked for a crash; the temporary file is left behind.
        case simulatedCrash(temporary: String)
    }

    /// The whole content of the file at `path` (at most 16 MiB).
    package static func readFile(_ path: String) throws(SystemError) -> [UInt8] {
        try SystemCall.readAll(path: path, limit: 1 << 24)
    }

    /// True when something exists at `path`.
    package static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// What a lookup of `path` found, telling "nothing there" from a lookup that failed.
    package enum Presence: Equatable {
        /// Something is there (a symbolic link is followed).
        case present
        /// Nothing is there (`ENOENT`).
        case absent
        /// A symbolic link whose target does not exist.
        case danglingLink
        /// The lookup failed otherwise: a directory on the way that may not be searched (`EACCES`), a loop of
        /// symbolic links (`ELOOP`), a file where a directory should be (`ENOTDIR`).
        case failed(SystemError)
    }

    /// Looks `path` up (`stat`, and `lstat` to tell a dangling link from nothing). The corresponding C function is
    /// `stat`.
    package static func presence(_ path: String) -> Presence {
        var info = stat()
        if stat(path, &info) == 0 { return .present }
        let failure = SystemError(operation: "stat", errno: .current, path: path)
        guard failure.errno == .noSuchFile else { return .failed(failure) }
        return lstat(path, &info) == 0 ? .danglingLink : .absent
    }

    /// Creates `path` and its missing parents with `mode` (exactly: the umask does not loosen or tighten it).
    /// Existing directories are left as they are.
    package static func makeDirectories(_ path: String, mode: mode_t = 0o755) throws(SystemError) {
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw SystemError(operation: "mkdir", errno: .notDirectory, path: path)
            }
            return
        }
        let parent = directoryName(path)
        if parent != path { try makeDirectories(parent, mode: mode) }
        if mkdir(path, mode) != 0 {
            guard errno == EEXIST else { throw SystemError(operation: "mkdir", errno: .current, path: path) }
            return
        }
        _ = chmod(path, mode)
    }

    /// The directory part of `path` ("." for a bare name).
    package static func directoryName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// The last component of `path`.
    package static func baseName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Creates and opens (write-only) a new file in the directory of `path`, named `.NAME.tmp-PID-RANDOM` so that no
    /// other writer uses it (`O_EXCL` guarantees it) and listings skip it: what an atomic replacement of `path` is
    /// written to before it is renamed over `path`. Returns the descriptor and the temporary file's path.
    package static func createTemporary(beside path: String, mode: mode_t = 0o644) throws(SystemError)
        -> (descriptor: Int32, path: String)
    {
        let prefix = directoryName(path) + "/." + baseName(path) + ".tmp-\(getpid())-"
        var failure = SystemError(operation: "open", errno: .fileExists, path: directoryName(path))
        for _ in 0..<16 {
            let temporary = prefix + String(UInt32.random(in: 0...UInt32.max))
            do {
                return (try SystemCall.open(temporary, O_WRONLY | O_CREAT | O_EXCL, mode: mode), temporary)
            } catch {
                failure = error
                if error.errno != .fileExists { break }
            }
        }
        throw failure
    }

    /// Writes `bytes` to `path` atomically: a temporary file in the same directory is written and fsync'ed, renamed
    /// over the target, and the directory fsync'ed, so that a crash leaves either the old or the new file, never a
    /// mixture. Failures before the rename remove the temporary file and leave the target untouched.
    package static func writeAtomically(
        _ bytes: [UInt8], to path: String, crashAt crash: CrashPoint? = nil
    ) throws(WriteFailure) {
        // 1. A temporary file beside the target, which no other writer uses.
        let descriptor: Int32
        let temporary: String
        do {
            (descriptor, temporary) = try createTemporary(beside: path)
        } catch {
            throw .directory(error)
        }

        // 2. Write everything (half of it when a crash is simulated during the write), then flush it to the disk.
        let crashesDuringWrite = crash == .duringWrite && !bytes.isEmpty
        do {
            let written = crashesDuringWrite ? Array(bytes.prefix(max(1, bytes.count / 2))) : bytes
            try SystemCall.writeAll(descriptor, written, path: temporary)
            if !crashesDuringWrite { try SystemCall.fsync(descriptor, path: temporary) }
        } catch {
            try? SystemCall.close(descriptor)
            unlink(temporary)
            throw .file(error)
        }
        try? SystemCall.close(descriptor)
        if crashesDuringWrite || crash == .beforeRename { throw .simulatedCrash(temporary: temporary) }

        // 3. Replace the target in one step, then make the rename itself durable.
        do {
            try rename(temporary, over: path)
        } catch {
            unlink(temporary)
            throw .file(error)
        }
    }

    /// Renames `temporary` over `path` (one step: a reader sees the old file or the new one) and flushes the
    /// directory so that the rename survives a crash. `temporary` must be in the directory of `path`.
    package static func rename(_ temporary: String, over path: String) throws(SystemError) {
        guard cRename(temporary, path) == 0 else {
            throw SystemError(operation: "rename", errno: .current, path: path)
        }
        if let directoryDescriptor = try? SystemCall.open(directoryName(path), O_RDONLY | O_DIRECTORY) {
            try? SystemCall.fsync(directoryDescriptor)
            try? SystemCall.close(directoryDescriptor)
        }
    }

    /// Takes an exclusive lock on the directory `path` (`flock`, waiting for another holder), so that the
    /// read-merge-replace cycles of several processes on files in it happen one after the other. Returns the
    /// descriptor that holds it: `unlockDirectory` releases it, and so does the end of the process. The
    /// corresponding C function is `flock`.
    package static func lockDirectory(_ path: String) throws(SystemError) -> Int32 {
        let descriptor = try SystemCall.open(path, O_RDONLY | O_DIRECTORY)
        do {
            _ = try SystemCall.valueOrErrno("flock", path: path) { flock(descriptor, LOCK_EX) }
        } catch {
            try? SystemCall.close(descriptor)
            throw error
        }
        return descriptor
    }

    /// Releases a lock `lockDirectory` took.
    package static func unlockDirectory(_ descriptor: Int32) {
        try? SystemCall.close(descriptor)
    }

    /// Removes the file at `path`.
    package static func remove(_ path: String) throws(SystemError) {
        guard unlink(path) == 0 else { throw SystemError(operation: "unlink", errno: .current, path: path) }
    }

    /// The user's home directory from the password database (when `HOME` is not set), or "/".
    package static func homeDirectory() -> String {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return "/" }
        return String(cString: directory)
    }

    /// The names in a directory (without "." and ".."), or nil when it cannot be listed.
    package static func list(_ directory: String) -> [String]? {
        guard let handle = opendir(directory) else { return nil }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}

private func cRename(_ old: String, _ new: String) -> Int32 { rename(old, new) }
