#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX calls the store needs, each turning "-1 and errno" into a typed error and retrying on EINTR.
enum FileSystem {
    /// An errno with its text.
    struct Failure: Error, Equatable {
        var code: Int32
        var text: String { String(cString: strerror(code)) }
        var isPermission: Bool { code == EACCES || code == EPERM || code == EROFS }
    }

    /// Where a simulated crash stops `writeAtomically` (tests): the temporary file is left behind as a crash would
    /// leave it, and the target is not touched.
    enum CrashPoint: Sendable {
        /// After the temporary file was created and partly written.
        case duringWrite
        /// After the temporary file was written and synced, before the rename.
        case beforeRename
    }

    /// Retries a call that failed with EINTR.
    private static func retrying(_ call: () -> Int32) -> Int32 {
        while true {
            let result = call()
            if result == -1 && errno == EINTR { continue }
            return result
        }
    }

    /// The whole content of the file at `path`.
    static func readFile(_ path: String) -> Result<[UInt8], Failure> {
        let fd = retrying { open(path, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return .failure(Failure(code: errno)) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 14)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(Failure(code: errno))
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > 1 << 24 { return .failure(Failure(code: EFBIG)) }
        }
        return .success(bytes)
    }

    /// True when something exists at `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Creates `path` and its missing parents with mode 0755.
    static func makeDirectories(_ path: String) -> Result<Void, Failure> {
        var info = stat()
        if stat(path, &info) == 0 {
            return (info.st_mode & S_IFMT) == S_IFDIR ? .success(()) : .failure(Failure(code: ENOTDIR))
        }
        let parent = directoryName(path)
        if parent != path, case .failure(let failure) = makeDirectories(parent) { return .failure(failure) }
        if mkdir(path, 0o755) != 0, errno != EEXIST { return .failure(Failure(code: errno)) }
        return .success(())
    }

    /// The directory part of `path` ("." for a bare name).
    static func directoryName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// The last component of `path`.
    static func baseName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Writes `bytes` to `path` atomically: a temporary file in the same directory is written and fsync'ed, renamed
    /// over the target, and the directory fsync'ed, so that a crash leaves either the old or the new file, never a
    /// mixture. Failures before the rename remove the temporary file and leave the target untouched.
    static func writeAtomically(
        _ bytes: [UInt8], to path: String, crashAt crash: CrashPoint? = nil
    ) -> Result<Void, WriteFailure> {
        let directory = directoryName(path)
        // 1. A temporary name that no other writer uses (pid + a random suffix; O_EXCL guarantees it).
        var temporary = ""
        var fd: Int32 = -1
        for _ in 0..<16 {
            temporary = directory + "/." + baseName(path) + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            fd = retrying { open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { return .failure(.directory(Failure(code: errno))) }

        // 2. Write everything, then flush it to the disk.
        var offset = 0
        while offset < bytes.count {
            if crash == .duringWrite, offset > 0 {
                close(fd)
                return .failure(.simulatedCrash(temporary: temporary))
            }
            let chunk = crash == .duringWrite ? max(1, bytes.count / 2) : bytes.count - offset
            let n = bytes[offset..<(offset + chunk)].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                let failure = Failure(code: errno)
                close(fd)
                unlink(temporary)
                return .failure(.file(failure))
            }
            offset += n
        }
        if retrying({ fsync(fd) }) != 0 {
            let failure = Failure(code: errno)
            close(fd)
            unlink(temporary)
            return .failure(.file(failure))
        }
        close(fd)
        if crash == .beforeRename { return .failure(.simulatedCrash(temporary: temporary)) }

        // 3. Replace the target in one step, then make the rename itself durable.
        if rename(temporary, path) != 0 {
            let failure = Failure(code: errno)
            unlink(temporary)
            return .failure(.file(failure))
        }
        let directoryFD = retrying { open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        if directoryFD >= 0 {
            _ = retrying { fsync(directoryFD) }
            close(directoryFD)
        }
        return .success(())
    }

    /// How `writeAtomically` failed.
    enum WriteFailure: Error, Equatable {
        /// The temporary file could not be created in the directory.
        case directory(Failure)
        /// Writing, syncing or renaming failed; the temporary file was removed.
        case file(Failure)
        /// A test asked for a crash; the temporary file is left behind.
        case simulatedCrash(temporary: String)
    }

    /// Removes the file at `path`.
    static func remove(_ path: String) -> Result<Void, Failure> {
        unlink(path) == 0 ? .success(()) : .failure(Failure(code: errno))
    }

    /// The user's home directory from the password database (when `HOME` is not set), or "/".
    static func homeDirectory() -> String {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return "/" }
        return String(cString: directory)
    }

    /// The names in a directory (without "." and ".."), or nil when it cannot be listed.
    static func list(_ directory: String) -> [String]? {
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
