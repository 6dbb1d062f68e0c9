import MotionMath
import TextFormats

/// Writes samples in the recording format (docs/formats.md): the header, then one line per sample,
/// `t,accel_x,accel_y,accel_z,anglvel_x,anglvel_y,anglvel_z[,magn_x,magn_y,magn_z][,ppg_red,ppg_ir,ppg_green]`, every
/// number in its shortest round-trip form (`DoubleText`), so that `RecordingReader` reads back exactly the same
/// `Double`s.
///
/// With `includesPPG`, rows carry the pulse sensor's intensities too (`RecordingRow`): an IMU sample's row has empty
/// PPG fields, a PPG reading's row empty IMU fields, a row of both (the same instant) all of them; an LED the sensor
/// does not have (NaN) is an empty field. The caller writes rows in strictly increasing time.
///
/// Output is buffered (64 KiB) and handed to a sink: a file (`init(path:…)`) or any closure (e.g. the CLI console).
/// Call `close()` (file) or `flush()` at the end: buffered data is not written at deinit.
public final class RecordingWriter {
    /// Does every line carry the magnetometer columns? A sample without a magnetometer then writes `nan` there.
    public let includesMagnetometer: Bool
    /// Does every line carry the PPG columns (`RecordingColumns.ppg`)?
    public let includesPPG: Bool
    private let sink: ([UInt8]) throws -> Void
    private var pending: [UInt8] = []
    private let file: OutputFile?

    /// A writer handing its bytes to `sink` (called with at least 64 KiB at a time, and at `flush()`).
    /// The header goes into the buffer at once.
    public init(includesMagnetometer: Bool, includesPPG: Bool = false, sink: @escaping ([UInt8]) throws -> Void) {
        self.includesMagnetometer = includesMagnetometer
        self.includesPPG = includesPPG
        self.sink = sink
        self.file = nil
        appendHeader()
    }

    /// A writer creating (or replacing, at `close()`) the file at `path` (see `OutputFile`).
    public convenience init(path: String, includesMagnetometer: Bool, includesPPG: Bool = false)
        throws(RecordingError)
    {
        let file: OutputFile
        do {
            file = try OutputFile(path: path)
        } catch {
            throw RecordingError(source: path, reason: .cannotOpen(errno: error.errno))
        }
        self.init(file: file, includesMagnetometer: includesMagnetometer, includesPPG: includesPPG)
    }

    /// A writer to `file`, which `close()` finishes and `abandon()` gives up.
    public init(file: OutputFile, includesMagnetometer: Bool, includesPPG: Bool = false) {
        self.includesMagnetometer = includesMagnetometer
        self.includesPPG = includesPPG
        self.file = file
        self.sink = { bytes in try Self.recordingError { () throws(OutputFileError) in try file.write(bytes) } }
        appendHeader()
    }

    private func appendHeader() {
        pending.reserveCapacity(1 << 17)
        let header = RecordingColumns.header(includesMagnetometer: includesMagnetometer, includesPPG: includesPPG)
        pending.append(contentsOf: header.utf8)
        pending.append(0x0A)
    }

    /// Appends one sample's line (with empty PPG fields when the recording has them).
    public func write(_ sample: IMUSample) throws {
        try write(RecordingRow(t: sample.t, motion: sample))
    }

    /// Appends one row's line: its IMU sample, its PPG intensities (without `includesPPG`: dropped), or both.
    public func write(_ row: RecordingRow) throws {
        Self.append(row, includesMagnetometer: includesMagnetometer, includesPPG: includesPPG, to: &pending)
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

    /// Appends the recording line of `sample` (with its newline) to `buffer`, without PPG columns.
    public static func append(_ sample: IMUSample, includesMagnetometer: Bool, to buffer: inout [UInt8]) {
        append(RecordingRow(t: sample.t, motion: sample), includesMagnetometer: includesMagnetometer, to: &buffer)
    }

    /// Appends the recording line of `row` (with its newline) to `buffer`; a row without an IMU sample leaves the
    /// IMU fields empty, one without PPG the PPG fields. A row that would have no value at all (no IMU sample, and no
    /// PPG columns or only NaN intensities) is left out: a reader could not tell it from a broken line.
    public static func append(
        _ row: RecordingRow, includesMagnetometer: Bool, includesPPG: Bool = false, to buffer: inout [UInt8]
    ) {
        if row.motion == nil {
            guard includesPPG, let ppg = row.ppg, !(ppg.x.isNaN && ppg.y.isNaN && ppg.z.isNaN) else { return }
        }
        // Thirteen numbers of at most 24 bytes, twelve commas and a newline: 512 bytes is plenty.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 512) { scratch in
            let start = scratch.baseAddress!
            var position = start
            position += DoubleText.writeShortest(row.t, into: position)
            if let sample = row.motion {
                write(sample.accelerometer, at: &position)
                write(sample.gyroscope, at: &position)
                if includesMagnetometer {
                    write(sample.magnetometer ?? Vector3(.nan, .nan, .nan), at: &position)
                }
            } else {
                writeEmpty(includesMagnetometer ? 9 : 6, at: &position)
            }
            if includesPPG {
                if let ppg = row.ppg {
                    write(ppg, at: &position, emptyIfNaN: true)
                } else {
                    writeEmpty(3, at: &position)
                }
            }
            position.pointee = 0x0A
            position += 1
            buffer.append(contentsOf: UnsafeBufferPointer(start: start, count: position - start))
        }
    }

    @inline(__always)
    private static func write(
        _ v: Vector3, at position: inout UnsafeMutablePointer<UInt8>, emptyIfNaN: Bool = false
    ) {
        for index in 0..<3 {
            let value = v.simd[index]
            position.pointee = UInt8(ascii: ",")
            position += 1
            if emptyIfNaN, value.isNaN { continue }
            position += DoubleText.writeShortest(value, into: position)
        }
    }

    /// `count` empty fields: their commas.
    @inline(__always)
    private static func writeEmpty(_ count: Int, at position: inout UnsafeMutablePointer<UInt8>) {
        for _ in 0..<count {
            position.pointee = UInt8(ascii: ",")
            position += 1
        }
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
