import SystemSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file an output goes to (`fuse --output FILE`, `record FILE`, and every later command that writes a file), written
/// so that a failure never destroys what the user had:
///
/// - An output that is the same file as one of the command's inputs (also through a symbolic or hard link, compared by
///   device and inode) is refused before anything is opened for writing.
/// - The output is written to a temporary file in the target's directory and renamed over the target by `close()`:
///   until then the previous file is untouched. A write that fails (a full disk) is cut back to the writes before
///   it, so the temporary file always holds whole writes — writers hand over whole lines.
/// - `abandon()` (or deinit without `close()`) ends a failed run: an existing file is left as it was; a new file keeps
///   the complete lines written before the failure (nothing is created when nothing was written).
/// - A symbolic link as the target is followed (the link stays, the file it names is replaced, keeping its mode); a
///   target that is not a regular file (`/dev/null`, a FIFO) is written in place.
///
/// Pass `write` as a `MotionOutputWriter` or `RecordingWriter` sink; call `close()` at the end.
public final class OutputFile {
    /// What `abandon()` left at the path.
    public enum Abandoned: Sendable, Equatable {
        /// The previous file is untouched (or, when there was none, nothing was created).
        case unchanged(existed: Bool)
        /// A new file (or a file written in place) holding the first `lines` complete lines.
        case prefix(lines: Int)
    }

    /// The path as given.
    public let path: String
    /// The file renamed over at `close()` (`path` with a symbolic link resolved); nil when written in place.
    private let target: String?
    /// The temporary file written until `close()`; nil when written in place.
    private let temporary: String?
    /// Was there a file at the target?
    private let existed: Bool
    private var fd: Int32
    /// Bytes of the writes that completed, the length of their complete lines, and how many lines that is.
    private var written = 0
    private var wholeLines = 0
    private var lines = 0

    /// Prepares to write `path`. `inputs` are the paths the command reads (`-` is stdin): an output that is one of
    /// them is refused (`OutputFileError.Operation.sameFileAsInput`).
    public init(path: String, inputs: [String] = []) throws(OutputFileError) {
        self.path = path
        // 1. Refuse an output that is an input, or a link planted by another user, before anything is opened for
        // writing.
        if Self.isUntrustedLink(path) { throw OutputFileError(path: path, operation: .untrustedLink, errno: 0) }
        var information = stat()
        let exists = stat(path, &information) == 0
        if exists {
            let output = FileIdentity(path: path)
            for input in inputs {
                let identity = input == "-" ? FileIdentity(descriptor: 0) : FileIdentity(path: input)
                if let identity, identity == output {
                    throw OutputFileError(path: path, operation: .sameFileAsInput(input), errno: 0)
                }
            }
        }
        existed = exists
        // 2. A device, FIFO or socket is written in place: renaming over it would replace the device node.
        if exists && (information.st_mode & S_IFMT) != S_IFREG {
            target = nil
            temporary = nil
            do {
                fd = try SystemCall.open(path, O_WRONLY | O_TRUNC)
            } catch {
                throw OutputFileError(path: path, operation: .create, errno: error.errno.rawValue)
            }
            return
        }
        // 3. A regular or new file: a temporary file beside the file the path names, with the old file's mode.
        let resolved = exists ? Self.resolvingLink(path) : path
        do {
            let created = try FileSystem.createTemporary(beside: resolved)
            fd = created.descriptor
            temporary = created.path
        } catch {
            throw OutputFileError(path: path, operation: .create, errno: error.errno.rawValue)
        }
        target = resolved
        if exists { fchmod(fd, information.st_mode & 0o7777) }
    }

    deinit {
        if fd >= 0 { _ = abandon() }
    }

    /// True when `path` is a symbolic link in a directory others may write, made by neither this user nor the
    /// directory's owner: the rule of the kernel's `fs.protected_symlinks`, kept whether or not it is on.
    static func isUntrustedLink(_ path: String) -> Bool {
        var link = stat()
        guard lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK else { return false }
        var directory = stat()
        guard stat(FileSystem.directoryName(path), &directory) == 0 else { return false }
        let shared = directory.st_mode & (S_IWGRP | S_IWOTH) != 0
        return shared && link.st_uid != geteuid() && link.st_uid != directory.st_uid
    }

    /// Writes all of `bytes` (continuing after short writes and interruptions). On failure the file is cut back to
    /// the previous writes, so it never ends in the middle of what one call wrote.
    public func write(_ bytes: [UInt8]) throws(OutputFileError) {
        do {
            try SystemCall.writeAll(fd, bytes, path: path)
        } catch {
            if temporary != nil { _ = ftruncate(fd, off_t(written)) }
            throw OutputFileError(path: path, operation: .write, errno: error.errno.rawValue)
        }
        if let last = bytes.lastIndex(of: 0x0A) {
            wholeLines = written + last + 1
            for byte in bytes where byte == 0x0A { lines += 1 }
        }
        written += bytes.count
    }

    /// Finishes the output: flushes it to the disk and renames it over the target (where NFS and full disks report
    /// lost writes, an error; the previous file is then untouched). Idempotent.
    public func close() throws(OutputFileError) {
        guard fd >= 0 else { return }
        let descriptor = fd
        fd = -1
        do throws(SystemError) {
            if temporary != nil {
                do {
                    try SystemCall.fsync(descriptor, path: path)
                } catch {
                    try? SystemCall.close(descriptor)
                    throw error
                }
            }
            try SystemCall.close(descriptor, path: path)
        } catch {
            if let temporary { unlink(temporary) }
            throw OutputFileError(path: path, operation: .close, errno: error.errno.rawValue)
        }
        guard let temporary, let target else { return }
        do {
            try FileSystem.rename(temporary, over: target)
        } catch {
            unlink(temporary)
            throw OutputFileError(path: path, operation: .close, errno: error.errno.rawValue)
        }
    }

    /// Ends a failed run without replacing anything: an existing file stays as it was; a new file (or one written in
    /// place) keeps the complete lines written so far. Returns what was left; after `close()`, `.unchanged`.
    @discardableResult
    public func abandon() -> Abandoned {
        guard fd >= 0 else { return .unchanged(existed: existed) }
        try? SystemCall.close(fd)
        fd = -1
        guard let temporary, let target else { return .prefix(lines: lines) }
        if existed || written == 0 {
            unlink(temporary)
            return .unchanged(existed: existed)
        }
        // Only whole lines are kept, should a writer's last write have ended without its newline.
        if wholeLines < written { _ = truncate(temporary, off_t(wholeLines)) }
        do {
            try FileSystem.rename(temporary, over: target)
        } catch {
            unlink(temporary)
            return .unchanged(existed: false)
        }
        return .prefix(lines: lines)
    }

    /// The file a symbolic link at `path` names (the link itself is kept), or `path`.
    private static func resolvingLink(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
