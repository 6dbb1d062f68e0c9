import Fusion
import MotionMath
import TextFormats

/// Writes fused motion (`MotionEstimate`s) as the fused output's CSV or JSON lines (docs/formats.md), fast and
/// buffered.
///
/// Used by `fuse` and `stream`. Numbers are the shortest round-trip decimals (`DoubleText`); in JSON a non-finite
/// value is `null`, in CSV `nan`/`inf`. Rows are buffered and handed to the sink 64 KiB at a time: call `flush()`
/// when a reader should see them now (a live stream: after every row) and at the end.
///
/// ```swift
/// let writer = MotionOutputWriter(format: .csv, units: .si, sink: { try file.write($0) })
/// try writer.writeHeader()
/// try writer.write(estimate)
/// try writer.flush()
/// ```
public final class MotionOutputWriter {
    /// The CSV header columns, in order (docs/formats.md).
    public static let csvColumns = [
        "t", "attitude_w", "attitude_x", "attitude_y", "attitude_z",
        "rotation_rate_x", "rotation_rate_y", "rotation_rate_z",
        "gravity_x", "gravity_y", "gravity_z",
        "user_acceleration_x", "user_acceleration_y", "user_acceleration_z",
    ]

    public let format: MotionOutputFormat
    public let units: MotionOutputUnits
    private let sink: ([UInt8]) throws -> Void
    private let flushSink: () throws -> Void
    /// Rows are formatted straight into this buffer (no per-number copies) and handed on in 64 KiB chunks.
    private let buffer: UnsafeMutablePointer<UInt8>
    private var count = 0
    /// The bytes handed to the sink, kept for its capacity: a live stream hands over a few rows per wake-up, and a
    /// fresh array for each would be an allocation per wake-up.
    private var piece: [UInt8] = []
    private static let chunk = 1 << 16
    private static let capacity = chunk + longestRow
    /// The longest row: 14 numbers of at most 24 bytes plus the JSON keys.
    private static let longestRow = 1024

    /// A writer onto any sink (`flush` is called after the buffered bytes were handed to `sink` in `flush()`).
    public init(
        format: MotionOutputFormat, units: MotionOutputUnits = .si,
        sink: @escaping ([UInt8]) throws -> Void, flush: @escaping () throws -> Void = {}
    ) {
        self.format = format
        self.units = units
        self.sink = sink
        self.flushSink = flush
        self.buffer = .allocate(capacity: Self.capacity)
    }

    deinit {
        buffer.deallocate()
    }

    /// Writes the CSV header line; nothing for JSON lines.
    public func writeHeader() throws {
        guard format == .csv else { return }
        var cursor = Cursor(position: buffer + count)
        for (index, column) in Self.csvColumns.enumerated() {
            if index > 0 { cursor.byte(UInt8(ascii: ",")) }
            for byte in column.utf8 { cursor.byte(byte) }
        }
        cursor.byte(0x0A)
        count = cursor.position - buffer
    }

    /// Writes one estimate as a row (CSV) or an object (JSON lines).
    public func write(_ estimate: MotionEstimate) throws {
        count += Self.write(estimate, format: format, units: units, into: buffer + count)
        if count >= Self.chunk { try handOver(all: false) }
    }

    /// Hands everything written so far to the sink and flushes it.
    public func flush() throws {
        try handOver(all: true)
        try flushSink()
    }

    /// Hands the buffered bytes over in exact 64 KiB pieces (all of them when `all`). Equal pieces keep the
    /// console's own buffer at one size, so that it is reused instead of reallocated for every piece.
    private func handOver(all: Bool) throws {
        var start = 0
        while count - start >= Self.chunk {
            try handOver(from: start, count: Self.chunk)
            start += Self.chunk
        }
        if all, count > start {
            try handOver(from: start, count: count - start)
            start = count
        }
        if start > 0 {
            buffer.update(from: buffer + start, count: count - start)
            count -= start
        }
    }

    private func handOver(from start: Int, count: Int) throws {
        piece.removeAll(keepingCapacity: true)
        piece.append(contentsOf: UnsafeBufferPointer(start: buffer + start, count: count))
        try sink(piece)
    }

    /// Appends one estimate's line (with its newline) to `buffer`.
    public static func append(
        _ estimate: MotionEstimate, format: MotionOutputFormat, units: MotionOutputUnits, to buffer: inout [UInt8]
    ) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: longestRow) { scratch in
            let length = write(estimate, format: format, units: units, into: scratch.baseAddress!)
            buffer.append(contentsOf: UnsafeBufferPointer(start: scratch.baseAddress!, count: length))
        }
    }

    /// Writes one estimate's line (with its newline) at `out`, which has room for 1024 bytes; returns its length.
    static func write(
        _ estimate: MotionEstimate, format: MotionOutputFormat, units: MotionOutputUnits,
        into out: UnsafeMutablePointer<UInt8>
    ) -> Int {
        let scale = units.accelerationScale
        let gravity = units == .si ? estimate.gravity : estimate.gravity * scale
        let user = units == .si ? estimate.userAcceleration : estimate.userAcceleration * scale
        let q = estimate.attitude
        let r = estimate.rotationRate
        var cursor = Cursor(position: out)
        switch format {
        case .csv:
            cursor.number(estimate.t)
            cursor.byte(UInt8(ascii: ","))
            cursor.number(q.w)
            cursor.byte(UInt8(ascii: ","))
            cursor.number(q.x)
            cursor.byte(UInt8(ascii: ","))
            cursor.number(q.y)
            cursor.byte(UInt8(ascii: ","))
            cursor.number(q.z)
            cursor.csv(r)
            cursor.csv(gravity)
            cursor.csv(user)
            cursor.byte(0x0A)
        case .jsonl:
            cursor.text("{\"t\":")
            cursor.json(estimate.t)
            cursor.text(",\"attitude\":{\"w\":")
            cursor.json(q.w)
            cursor.text(",\"x\":")
            cursor.json(q.x)
            cursor.text(",\"y\":")
            cursor.json(q.y)
            cursor.text(",\"z\":")
            cursor.json(q.z)
            cursor.text("},\"rotation_rate\":")
            cursor.json(r)
            cursor.text(",\"gravity\":")
            cursor.json(gravity)
            cursor.text(",\"user_acceleration\":")
            cursor.json(user)
            cursor.text("}\n")
        }
        return cursor.position - out
    }
}

/// A write position in an output buffer known to be large enough.
private struct Cursor {
    var position: UnsafeMutablePointer<UInt8>

    @inline(__always)
    mutating func byte(_ value: UInt8) {
        position.pointee = value
        position += 1
    }

    @inline(__always)
    mutating func number(_ value: Double) {
        position += DoubleText.writeShortest(value, into: position)
    }

    @inline(__always)
    mutating func text(_ text: StaticString) {
        position.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        position += text.utf8CodeUnitCount
    }

    @inline(__always)
    mutating func csv(_ v: Vector3) {
        byte(UInt8(ascii: ","))
        number(v.x)
        byte(UInt8(ascii: ","))
        number(v.y)
        byte(UInt8(ascii: ","))
        number(v.z)
    }

    /// JSON has no NaN or infinity: those are `null`.
    @inline(__always)
    mutating func json(_ value: Double) {
        if value.isFinite { number(value) } else { text("null") }
    }

    mutating func json(_ v: Vector3) {
        text("{\"x\":")
        json(v.x)
        text(",\"y\":")
        json(v.y)
        text(",\"z\":")
        json(v.z)
        byte(UInt8(ascii: "}"))
    }
}
