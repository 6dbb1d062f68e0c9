import MotionMath
import TextFormats

/// Streams the samples of a recording (the recording CSV of docs/formats.md) from a file, a file descriptor (stdin) or
/// bytes.
///
/// Columns are found by name in the header (`RecordingColumns`); extra columns are ignored; the magnetometer columns
/// are optional (all three or none), so are the PPG columns (`RecordingColumns.ppg`, any of them) and a barometer's
/// (`RecordingColumns.barometer`: `pressure`, and `temperature` beside it). A row whose IMU fields are all empty is a
/// PPG or barometer row of a recording with such a sensor (`RecordingRow`): `next()` skips it, `nextRow()` returns
/// it; an empty PPG field is NaN, an empty pressure or temperature none. Blank lines are skipped; `\r\n` line ends
/// and a UTF-8 byte-order mark are accepted. Every malformed row is a `RecordingError` naming its line (and column): a
/// field of a used column that is not a number (or empty, except as above), a row with another field count than the
/// header, a row with neither IMU nor PPG nor pressure values, `t` not finite or not strictly increasing. NaN and
/// infinite sensor values are passed on (the filter and the altimeter reject such samples).
///
/// Constant memory: one fixed 1 MiB buffer refilled with `read(2)`; numbers are parsed from the bytes in place
/// (`DoubleText`), without a `String` per field.
public final class RecordingReader {
    /// The file path, or `<stdin>`, for messages.
    public var source: String { input.source }
    /// The header's column names, in file order.
    public let columns: [String]
    /// True when the recording has magnetometer columns and the reader was asked to use them.
    public let hasMagnetometer: Bool
    /// True when the header has PPG columns (`RecordingColumns.ppg`, any of them): rows may carry a pulse sensor's
    /// intensities.
    public let hasPPG: Bool
    /// True when the header has a `pressure` column: rows may carry a barometer's pressure (and temperature).
    public let hasPressure: Bool
    /// The line number of the last line read (1 = the header).
    public var lineNumber: Int { input.lineNumber }

    private let input: LineReader
    /// For each header field: the value slot it fills (0 t, 1–3 accelerometer, 4–6 gyroscope, 7–9 magnetometer,
    /// 10–12 PPG red, infrared, green, 13 pressure, 14 temperature) or −1 when ignored.
    private let slots: [Int]
    /// The bits (1 << slot) of the IMU slots read: a row with all of them empty has no IMU sample.
    private let motionSlots: UInt16
    /// The bits of the PPG slots in the header: a row with any of them filled has a PPG value.
    private let ppgSlots: UInt16
    private var previousTime = -Double.infinity

    /// Opens the recording at `path` and reads its header. Throws `.cannotOpen` when it cannot be opened.
    /// With `useMagnetometer` false, magnetometer columns are ignored (6D), even when present.
    public convenience init(path: String, useMagnetometer: Bool = true) throws(RecordingError) {
        try self.init(input: RecordingSource.path(path).lineReader(contents: .motion), useMagnetometer: useMagnetometer)
    }

    /// Reads from an open file descriptor, e.g. 0 for stdin (closed at the end only when `closeWhenDone`);
    /// `source` names it in messages. Reads the header.
    public convenience init(
        fileDescriptor: Int32, source: String = "<stdin>", closeWhenDone: Bool = false, useMagnetometer: Bool = true
    ) throws(RecordingError) {
        try self.init(
            input: LineReader(fileDescriptor: fileDescriptor, ownsDescriptor: closeWhenDone, source: source),
            useMagnetometer: useMagnetometer)
    }

    /// Reads a recording held in memory (tests, small inputs). Reads the header.
    public convenience init(bytes: [UInt8], source: String, useMagnetometer: Bool = true) throws(RecordingError) {
        try self.init(input: LineReader(bytes: bytes, source: source), useMagnetometer: useMagnetometer)
    }

    private init(input: LineReader, useMagnetometer: Bool) throws(RecordingError) {
        var headerLine: UnsafeBufferPointer<UInt8>?
        repeat {
            headerLine = try input.nextLine()
        } while headerLine.map({ Self.isBlank($0) }) ?? false
        guard var line = headerLine else { throw RecordingError(source: input.source, reason: .empty) }
        if line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF {
            line = UnsafeBufferPointer(rebasing: line[3...])
        }
        let names = line.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self).trimmingASCIISpaces()
        }
        func fail(_ reason: RecordingError.Reason) -> RecordingError {
            RecordingError(source: input.source, line: input.lineNumber, reason: reason)
        }
        var seen = Set<String>()
        for name in names where !name.isEmpty {
            guard seen.insert(name).inserted else { throw fail(.duplicateColumn(name)) }
        }
        for name in RecordingColumns.required where !seen.contains(name) { throw fail(.missingColumn(name)) }
        let magnetometerColumns = RecordingColumns.magnetometer.filter { seen.contains($0) }
        if !magnetometerColumns.isEmpty, let absent = RecordingColumns.magnetometer.first(where: { !seen.contains($0) }) {
            throw fail(.missingColumn(absent))
        }
        let withMagnetometer = useMagnetometer && magnetometerColumns.count == 3
        let withPressure = seen.contains("pressure")
        let used = RecordingColumns.required
            + (withMagnetometer ? RecordingColumns.magnetometer : ["", "", ""]) + RecordingColumns.ppg
            + (withPressure ? RecordingColumns.barometer : ["", ""])
        self.input = input
        self.columns = names
        self.hasMagnetometer = withMagnetometer
        self.hasPPG = RecordingColumns.ppg.contains(where: seen.contains)
        self.hasPressure = withPressure
        let slots = names.map { name in name.isEmpty ? -1 : used.firstIndex(of: name) ?? -1 }
        self.slots = slots
        self.motionSlots = withMagnetometer ? 0b11_1111_1110 : 0b111_1110
        self.ppgSlots = slots.reduce(0) { bits, slot in (10...12).contains(slot) ? bits | 1 << slot : bits }
    }

    /// The next IMU sample, or nil at the end of the recording; rows without one (PPG rows) are skipped.
    public func next() throws(RecordingError) -> IMUSample? {
        while let row = try nextRow() {
            if let sample = row.motion { return sample }
        }
        return nil
    }

    /// The next row (an IMU sample, PPG intensities, a pressure, or several), or nil at the end of the recording.
    // Inlined into `next()`, which `fuse` reads through: 3.17 M rows per CPU second instead of 3.04 M (release, 1 M
    // rows with magnetometer; 3.23 M before PPG rows existed).
    @inline(__always)
    public func nextRow() throws(RecordingError) -> RecordingRow? {
        var line: UnsafeBufferPointer<UInt8>
        repeat {
            guard let next = try input.nextLine() else { return nil }
            line = next
        } while Self.isBlank(line)
        let nan = Double.nan
        var values: (
            Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double,
            Double, Double
        ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, nan, nan, nan, nan, nan)
        var empty: UInt16 = 0
        try withUnsafeMutableBytes(of: &values) { raw throws(RecordingError) in
            try parse(line, into: raw.baseAddress!.assumingMemoryBound(to: Double.self), empty: &empty)
        }
        let t = values.0
        guard t > previousTime, t.isFinite else {
            throw RecordingError(
                source: input.source, line: input.lineNumber,
                reason: .timeNotIncreasing(previous: previousTime, found: t))
        }
        previousTime = t
        let ppg = Vector3(values.10, values.11, values.12)
        let hasPPGValue = ppgSlots & ~empty != 0
        // An empty pressure field sets its bit; without the column the slot keeps its NaN.
        let pressure = hasPressure && empty & (1 << 13) == 0 ? values.13 : nil
        let temperature = empty & (1 << 14) == 0 && !values.14.isNaN ? values.14 : nil
        if empty & motionSlots == motionSlots, hasPPGValue || pressure != nil {
            return RecordingRow(t: t, ppg: hasPPGValue ? ppg : nil, pressure: pressure, temperature: temperature)
        }
        if empty & motionSlots != 0 {
            // Some IMU fields empty, or all of them on a row without a PPG value or a pressure either: no kind of row.
            let slot: Int = (1..<10).first(where: { empty & motionSlots & (UInt16(1) << $0) != 0 }) ?? 1
            let field = slots.firstIndex(of: slot) ?? 0
            throw RecordingError(
                source: input.source, line: input.lineNumber, reason: .notANumber(column: columns[field], text: ""))
        }
        let sample = IMUSample(
            t: t,
            accelerometer: Vector3(values.1, values.2, values.3),
            gyroscope: Vector3(values.4, values.5, values.6),
            magnetometer: hasMagnetometer ? Vector3(values.7, values.8, values.9) : nil)
        return RecordingRow(
            t: t, motion: sample, ppg: hasPPGValue ? ppg : nil, pressure: pressure, temperature: temperature)
    }

    /// Parses the used fields of `line` into their slots, scanning each byte once.
    /// An empty field of a used column sets its slot's bit in `empty` (an empty `t` is an error).
    private func parse(
        _ line: UnsafeBufferPointer<UInt8>, into values: UnsafeMutablePointer<Double>, empty: inout UInt16
    ) throws(RecordingError) {
        guard let base = line.baseAddress else {
            throw RecordingError(
                source: input.source, line: input.lineNumber,
                reason: .wrongFieldCount(expected: slots.count, found: 1))
        }
        let count = line.count
        var index = 0
        try slots.withUnsafeBufferPointer { slots throws(RecordingError) in
            for field in 0..<slots.count {
                let fieldStart = index
                let slot = slots[field]
                if slot >= 0 {
                    while index < count, base[index] == 0x20 { index += 1 }
                    if let number = DoubleText.parsePrefix(base + index, count: count - index) {
                        values[slot] = number.value
                        index += number.length
                    } else if slot > 0, index == count || base[index] == UInt8(ascii: ",") {
                        empty |= 1 << slot
                    } else {
                        throw notANumber(field: field, line: line, from: fieldStart)
                    }
                    while index < count, base[index] == 0x20 { index += 1 }
                    guard index == count || base[index] == UInt8(ascii: ",") else {
                        throw notANumber(field: field, line: line, from: fieldStart)
                    }
                } else {
                    while index < count, base[index] != UInt8(ascii: ",") { index += 1 }
                }
                if field + 1 == slots.count { break }
                // Another field follows: a comma must be here.
                guard index < count else {
                    throw RecordingError(
                        source: input.source, line: input.lineNumber,
                        reason: .wrongFieldCount(expected: slots.count, found: field + 1))
                }
                index += 1
            }
            if index < count {
                // More fields than columns: count them for the message.
                var found = slots.count
                for byte in UnsafeBufferPointer(rebasing: line[index...]) where byte == UInt8(ascii: ",") { found += 1 }
                throw RecordingError(
                    source: input.source, line: input.lineNumber,
                    reason: .wrongFieldCount(expected: slots.count, found: found))
            }
        }
    }

    private func notANumber(field: Int, line: UnsafeBufferPointer<UInt8>, from start: Int) -> RecordingError {
        var end = start
        while end < line.count, line[end] != UInt8(ascii: ",") { end += 1 }
        var first = start
        var last = end
        while first < last, line[first] == 0x20 { first += 1 }
        while last > first, line[last - 1] == 0x20 { last -= 1 }
        let text = UnsafeBufferPointer(rebasing: line[first..<last])
        var shown = String(decoding: text.prefix(40), as: UTF8.self)
        if text.count > 40 { shown += "…" }
        return RecordingError(
            source: input.source, line: input.lineNumber,
            reason: .notANumber(column: columns[field], text: shown))
    }

    private static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}

extension String {
    fileprivate func trimmingASCIISpaces() -> String {
        var view = Substring(self)
        while let first = view.first, first == " " || first == "\t" { view.removeFirst() }
        while let last = view.last, last == " " || last == "\t" { view.removeLast() }
        return String(view)
    }
}
