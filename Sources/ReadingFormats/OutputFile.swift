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
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw OutputFileError(path: path, operation: .create, errno: errno) }
        self.path = path
        self.fd = fd
    }

    deinit {
        if fd >= 0 { _ = closeDescriptor(fd) }
    }

    /// Writes all of `bytes` (retrying short writes, EINTR and EAGAIN).
    public func write(_ bytes: [UInt8]) throws(OutputFileError) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { writeDescriptor(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                let code = errno
                if code == EINTR || code == EAGAIN { continue }
                throw OutputFileError(path: path, operation: .write, errno: code)
            }
            offset += n
        }
    }

    /// Closes the file; a failed close is an error. Idempotent.
    public func close() throws(OutputFileError) {
        guard fd >= 0 else { return }
        let result = closeDescriptor(fd)
        fd = -1
        if result != 0 { throw OutputFileError(path: path, operation: .close, errno: errno) }
    }
}

// File-scope wrappers: inside the class, `close` and `write` name its own methods.
private func closeDescriptor(_ fd: Int32) -> Int32 { close(fd) }
private func writeDescriptor(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, bytes, count) }
