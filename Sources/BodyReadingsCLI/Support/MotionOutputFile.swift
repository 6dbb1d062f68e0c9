#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file behind an `--output FILE` option: created or truncated (mode 0644), written as the output is produced,
/// every failure a `CLIError` naming the path with exit 74. Pass `write` as a `MotionOutputWriter` or
/// `RecordingWriter` sink; call `close()` at the end to learn about a failed close.
final class MotionOutputFile {
    /// The path as given.
    let path: String
    private var fd: Int32

    /// Creates or truncates the file at `path`.
    init(path: String) throws(CLIError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw CLIError(
                "cannot write '\(path)': \(String(cString: strerror(errno))); check the directory and its permissions",
                exitCode: .ioError)
        }
        self.path = path
        self.fd = fd
    }

    deinit {
        if fd >= 0 { _ = closeDescriptor(fd) }
    }

    /// Writes all of `bytes` (retrying short writes and EINTR).
    func write(_ bytes: [UInt8]) throws(CLIError) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { writeDescriptor(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                let code = errno
                if code == EINTR || code == EAGAIN { continue }
                throw CLIError("cannot write '\(path)': \(String(cString: strerror(code)))", exitCode: .ioError)
            }
            offset += n
        }
    }

    /// Closes the file; a failed close (where NFS reports write errors) is an error.
    func close() throws(CLIError) {
        guard fd >= 0 else { return }
        let result = closeDescriptor(fd)
        fd = -1
        if result != 0 {
            throw CLIError("cannot write '\(path)': \(String(cString: strerror(errno)))", exitCode: .ioError)
        }
    }
}

private func closeDescriptor(_ fd: Int32) -> Int32 { close(fd) }
private func writeDescriptor(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, bytes, count) }
