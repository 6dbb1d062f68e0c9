import SystemSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file an output goes to (`fuse --output FILE`, `record FILE`): created or truncated (mode 0644), written as the
/// output is produced. Pass `write` as a `MotionOutputWriter` or `RecordingWriter` sink; call `close()` at the end to
/// learn about a failed close (where NFS reports write errors).
public final class OutputFile {
    /// The path as given.
    public let path: String
    private var fd: Int32

    /// Creates or truncates the file at `path`.
    public init(path: String) throws(OutputFileError) {
        do {
            fd = try SystemCall.open(path, O_WRONLY | O_CREAT | O_TRUNC, mode: 0o644)
        } catch {
            throw OutputFileError(path: path, operation: .create, errno: error.errno.rawValue)
        }
        self.path = path
    }

    deinit {
        if fd >= 0 { try? SystemCall.close(fd) }
    }

    /// Writes all of `bytes` (continuing after short writes and interruptions).
    public func write(_ bytes: [UInt8]) throws(OutputFileError) {
        do {
            try SystemCall.writeAll(fd, bytes, path: path)
        } catch {
            throw OutputFileError(path: path, operation: .write, errno: error.errno.rawValue)
        }
    }

    /// Closes the file; a failed close is an error. Idempotent.
    public func close() throws(OutputFileError) {
        guard fd >= 0 else { return }
        defer { fd = -1 }
        do {
            try SystemCall.close(fd, path: path)
        } catch {
            throw OutputFileError(path: path, operation: .close, errno: error.errno.rawValue)
        }
    }
}
