import BodyReadings

/// Writes fused motion (`MotionEstimate`s) as DESIGN.md's CSV or as JSON lines, fast and buffered.
///
/// Used by `fuse` and `stream`. Numbers are the shortest round-trip decimals (`DoubleText`); in JSON a non-finite
/// value is `null`, in CSV `nan`/`inf`. Rows are buffered and handed to the sink 64 KiB at a time: call `flush()`
/// when a reader should see them now (a live stream: after every row) and at the end.
///
/// ```swift
/// let writer = MotionOutputWriter(format: .csv, units: .si, console: console)
/// try writer.writeHeader()
/// try writer.write(estimate)
/// try writer.flush()
/// ```
public final class MotionOutputWriter {
    /// The CSV header columns, in order (DESIGN.md).
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
    private var pending: [UInt8] = []

    /// A writer onto the command's stdout; `flush()` also flushes the console.
    public convenience init(format: MotionOutputFormat, units: MotionOutputUnits = .si, console: Console) {
        self.init(
            format: format, units: units, sink: { try console.write(bytes: $0) }, flush: { try console.flush() })
    }

    /// A writer onto any sink (`flush` is called after the buffered bytes were handed to `sink` in `flush()`).
    public init(
        format: MotionOutputFormat, units: MotionOutputUnits = .si,
        sink: @escaping ([UInt8]) throws -> Void, flush: @escaping () throws -> Void = {}
    ) {
        self.format = format
        self.units = units
        self.sink = sink
        self.flushSink = flush
        pending.reserveCapacity(1 << 17)
    }

    /// Writes the CSV header line; nothing for JSON lines.
    public func writeHeader() throws {
        guard format == .csv else { return }
        pending.append(contentsOf: Self.csvColumns.joined(separator: ",").utf8)
        pending.append(0x0A)
    }

    /// Writes one estimate as a row (CSV) or an object (JSON lines).
    public func write(_ estimate: MotionEstimate) throws {
        Self.append(estimate, format: format, units: units, to: &pending)
        if pending.count >= 1 << 16 {
            try sink(pending)
            pending.removeAll(keepingCapacity: true)
        }
    }

    /// Hands everything written so far to the sink and flushes it.
    public func flush() throws {
        if !pending.isEmpty {
            defer { pending.removeAll(keepingCapacity: true) }
            try sink(pending)
        }
        try flushSink()
    }

    /// Appends one estimate's line (with its newline) to `buffer`.
    public static func append(
        _ estimate: MotionEstimate, format: MotionOutputFormat, units: MotionOutputUnits, to buffer: inout [UInt8]
    ) {
        let scale = units.accelerationScale
        let gravity = units == .si ? estimate.gravity : estimate.gravity * scale
        let user = units == .si ? estimate.userAcceleration : estimate.userAcceleration * scale
        let q = estimate.attitude
        let r = estimate.rotationRate
        switch format {
        case .csv:
            DoubleText.appendShortest(estimate.t, to: &buffer)
            csv(q.w, &buffer); csv(q.x, &buffer); csv(q.y, &buffer); csv(q.z, &buffer)
            csv(r.x, &buffer); csv(r.y, &buffer); csv(r.z, &buffer)
            csv(gravity.x, &buffer); csv(gravity.y, &buffer); csv(gravity.z, &buffer)
            csv(user.x, &buffer); csv(user.y, &buffer); csv(user.z, &buffer)
            buffer.append(0x0A)
        case .jsonl:
            ascii("{\"t\":", &buffer)
            json(estimate.t, &buffer)
            ascii(",\"attitude\":{\"w\":", &buffer)
            json(q.w, &buffer)
            ascii(",\"x\":", &buffer)
            json(q.x, &buffer)
            ascii(",\"y\":", &buffer)
            json(q.y, &buffer)
            ascii(",\"z\":", &buffer)
            json(q.z, &buffer)
            ascii("},\"rotation_rate\":", &buffer)
            jsonVector(r, &buffer)
            ascii(",\"gravity\":", &buffer)
            jsonVector(gravity, &buffer)
            ascii(",\"user_acceleration\":", &buffer)
            jsonVector(user, &buffer)
            ascii("}\n", &buffer)
        }
    }

    @inline(__always)
    private static func csv(_ value: Double, _ buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: ","))
        DoubleText.appendShortest(value, to: &buffer)
    }

    @inline(__always)
    private static func json(_ value: Double, _ buffer: inout [UInt8]) {
        if value.isFinite {
            DoubleText.appendShortest(value, to: &buffer)
        } else {
            ascii("null", &buffer)
        }
    }

    private static func jsonVector(_ v: Vector3, _ buffer: inout [UInt8]) {
        ascii("{\"x\":", &buffer)
        json(v.x, &buffer)
        ascii(",\"y\":", &buffer)
        json(v.y, &buffer)
        ascii(",\"z\":", &buffer)
        json(v.z, &buffer)
        buffer.append(UInt8(ascii: "}"))
    }

    @inline(__always)
    private static func ascii(_ text: StaticString, _ buffer: inout [UInt8]) {
        buffer.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
