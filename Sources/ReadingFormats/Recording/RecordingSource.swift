import SystemSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a recording reader reads from: a file by path, an open file descriptor (stdin) or bytes in memory. Opening
/// it is written once here for every reader (`RecordingReader`, the `ColumnRecordingReader`s).
public enum RecordingSource: Sendable, Equatable {
    /// The file at the path, opened read-only and closed when the reader is done.
    case path(String)
    /// An open file descriptor, e.g. 0 for stdin; `source` names it in messages (default `<stdin>`); it is closed at
    /// the end only when `closeWhenDone` (default false).
    case fileDescriptor(Int32, source: String = "<stdin>", closeWhenDone: Bool = false)
    /// A recording held in memory (tests, small inputs); `source` names it in messages.
    case bytes([UInt8], source: String)

    /// The lines of the recording. Throws `.cannotOpen` (with `contents` for the message) when a path cannot be
    /// opened.
    func lineReader(contents: RecordingError.Contents) throws(RecordingError) -> LineReader {
        switch self {
        case .path(let path):
            let fd: Int32
            do {
                fd = try SystemCall.open(path, O_RDONLY)
            } catch {
                throw RecordingError(source: path, reason: .cannotOpen(errno: error.errno.rawValue), contents: contents)
            }
            return LineReader(fileDescriptor: fd, ownsDescriptor: true, source: path)
        case .fileDescriptor(let fd, let source, let closeWhenDone):
            return LineReader(fileDescriptor: fd, ownsDescriptor: closeWhenDone, source: source)
        case .bytes(let bytes, let source):
            return LineReader(bytes: bytes, source: source)
        }
    }
}
