import MotionMath
import TextFormats

/// Writes samples in the recording format (DESIGN.md): the header, then one line per sample,
/// `t,accel_x,accel_y,accel_z,anglvel_x,anglvel_y,anglvel_z[,magn_x,magn_y,magn_z]`, every number in its shortest
/// round-trip form (`DoubleText`), so that `RecordingReader` reads back exactly the same `Double`s.
///
/// Output is buffered (64 KiB) and handed to a sink: a file (`init(path:…)`) or any closure (e.g. the CLI console).
/// Call `close()` (file) or `flush()` at the end: buffered data is not written at deinit.
public final class RecordingWriter {
    /// Does every line carry the magnetometer columns? A sample without a magnetometer then writes `nan` there.
    public let includesMagnetometer: Bool
    private let sink: ([UInt8]) throws -> Void
    private var pending: [UInt8] = []
    private let file: OutputFile?

    /// A writer handing its bytes to `sink` (called with at least 64 KiB at a time, and at `flush()`).
    /// The header goes into the buffer at once.
    public init(includesMagnetometer: Bool, sink: @escaping ([UInt8]) throws -> Void) {
        self.includesMagnetometer = includesMagnetometer
        self.sink = sink
        self.file = nil
        pending.reserveCapacity(1 << 17)
        pending.append(contentsOf: RecordingColumns.header(includesMagnetometer: includesMagnetometer).utf8)
        pending.append(0x0A)
    }

    /// A writer creating (or replacing, at `close()`) the file at `path` (see `OutputFile`).
    public convenience init(path: String, includesMagnetometer: Bool) throws(RecordingError) {
        let file: OutputFile
        do {
            file = try OutputFile(path: path)
        } catch {
            throw RecordingError(source: path, reason: .cannotOpen(errno: error.errno))
        }
        self.init(file: file, includesMagnetometer: includesMagnetometer)
    }

    /// A writer to `file`, which `close()` finishes and `abandon()` gives up.
    public init(file: OutputFile, includesMagnetometer: Bool) {
        self.includesMagnetometer = includesMagnetometer
        self.file = file
        self.sink = { bytes in try Self.recordingError { () throws(OutputFileError) in try file.write(bytes) } }
        pending.reserveCapacity(1 << 17)
        pending.append(contentsOf: RecordingColumns.header(includesMagnetometer: includesMagnetometer).utf8)
        pending.append(0x0A)
    }

    /// Appends one sample's line.
    public func write(_ sample: IMUSample) throws {
        Self.append(sample, includesMagnetometer: includesMagnetometer, to: &pending)
        if pending.count >= 1 << 16 { try flush() }
    }

    /// Hands the buffered bytes to the sink.
    public func flush() throws {
        guard !pending.isEmpty else { return }
        defer { pending.removeAll(keepingCapacity: true) }
        try sink(pending)
    }

    /// Flushes and, for a file, closes it (reporting a failed close, which is where NFS reports write errors).
    public func close() throws {
        try flush()
        guard let file else { return }
        try Self.recordingError { () throws(OutputFileError) in try file.close() }
    }

    /// Ends a failed recording: writes what is buffered (whole lines), then gives the file up (`OutputFile.abandon`:
    /// an existing file is left as it was, a new one keeps the lines written). Nil for a writer without a file.
    @discardableResult
    public func abandon() -> OutputFile.Abandoned? {
        try? flush()
        return file?.abandon()
    }

    /// Appends the recording line of `sample` (with its newline) to `buffer`.
    public static func append(_ sample: IMUSample, includesMagnetometer: Bool, to buffer: inout [UInt8]) {
        // Eleven numbers of at most 24 bytes, ten commas and a newline: 512 bytes is plenty.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 512) { scratch in
            let start = scratch.baseAddress!
            var position = start
            position += DoubleText.writeShortest(sample.t, into: position)
            write(sample.accelerometer, at: &position)
            write(sample.gyroscope, at: &position)
            if includesMagnetometer {
                write(sample.magnetometer ?? Vector3(.nan, .nan, .nan), at: &position)
            }
            position.pointee = 0x0A
            position += 1
            buffer.append(contentsOf: UnsafeBufferPointer(start: start, count: position - start))
        }
    }

    @inline(__always)
    private static func write(_ v: Vector3, at position: inout UnsafeMutablePointer<UInt8>) {
        position.pointee = UInt8(ascii: ",")
        position += 1
        position += DoubleText.writeShortest(v.x, into: position)
        position.pointee = UInt8(ascii: ",")
        position += 1
        position += DoubleText.writeShortest(v.y, into: position)
        position.pointee = UInt8(ascii: ",")
        position += 1
        position += DoubleText.writeShortest(v.z, into: position)
    }

    /// Runs a file operation, reporting its failure as the recording's I/O error.
    private static func recordingError(_ body: () throws(OutputFileError) -> Void) throws(RecordingError) {
        do {
            try body()
        } catch {
            throw RecordingError(source: error.path, reason: .ioFailed(errno: error.errno))
        }
    }
}
