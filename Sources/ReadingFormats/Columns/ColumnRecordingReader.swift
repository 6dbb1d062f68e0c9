/// A reader that takes a few columns of a recording through `ColumnReader` (`PPGRecordingReader`,
/// `AccelerometerRecordingReader`): it states only its columns in `init(_:)`; opening from a path, a file descriptor
/// or bytes is written once, in this protocol's extension and `RecordingSource`.
public protocol ColumnRecordingReader: AnyObject {
    /// Opens `source` and reads its header. Throws `.cannotOpen` when it cannot be opened, and for a header without
    /// the reader's columns.
    init(_ source: RecordingSource) throws(RecordingError)
}

extension ColumnRecordingReader {
    /// Opens the recording at `path` and reads its header. Throws `.cannotOpen` when it cannot be opened.
    public init(path: String) throws(RecordingError) {
        try self.init(.path(path))
    }

    /// Reads from an open file descriptor, e.g. 0 for stdin (closed at the end only when `closeWhenDone`).
    public init(fileDescriptor: Int32, source: String = "<stdin>", closeWhenDone: Bool = false)
        throws(RecordingError)
    {
        try self.init(.fileDescriptor(fileDescriptor, source: source, closeWhenDone: closeWhenDone))
    }

    /// Reads a recording held in memory.
    public init(bytes: [UInt8], source: String) throws(RecordingError) {
        try self.init(.bytes(bytes, source: source))
    }
}
