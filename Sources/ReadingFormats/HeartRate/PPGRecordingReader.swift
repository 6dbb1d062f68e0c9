import Pulse
import SystemSupport
import TextFormats

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Streams the pulse of a PPG recording: a CSV whose header holds `t` (seconds) and a PPG column (`PPGColumns`:
/// `ppg`, else `ppg_ir`, `ppg_red`, `ppg_green`); other columns are ignored, so a recording made by `record` with a
/// pulse sensor reads as well as a bedside monitor's export.
///
/// Samples come out oriented for `BeatDetector`, rising at systole: `ppg` as it is, an intensity column negated.
/// A row whose PPG field is empty carries no sample (the rows of another sensor in a `record` file, a monitor's gap)
/// and is skipped; `t` must still increase over every row. Malformed input is a `RecordingError` naming file, line
/// and column (`contents` `.pulse`): a header without `t` or a PPG column, a field that is not a number, a row with
/// another field count than the header, `t` not finite or not increasing.
///
/// Constant memory: one line buffer (`LineReader`), numbers parsed in place.
public final class PPGRecordingReader {
    /// The file path, or `<stdin>`, for messages.
    public var source: String { input.source }
    /// The column read.
    public let column: String
    /// The header's column names, in file order.
    public let columns: [String]

    private let input: LineReader
    private let timeField: Int
    private let signalField: Int
    /// −1 for an intensity column (negated), +1 for the pulse wave.
    private let sign: Double
    private var previousTime = -Double.infinity

    /// Opens the recording at `path` and reads its header. Throws `.cannotOpen` when it cannot be opened.
    public convenience init(path: String) throws(RecordingError) {
        let fd: Int32
        do {
            fd = try SystemCall.open(path, O_RDONLY)
        } catch {
            throw RecordingError(source: path, reason: .cannotOpen(errno: error.errno.rawValue), contents: .pulse)
        }
        try self.init(input: LineReader(fileDescriptor: fd, ownsDescriptor: true, source: path))
    }

    /// Reads from an open file descriptor, e.g. 0 for stdin (closed at the end only when `closeWhenDone`).
    public convenience init(fileDescriptor: Int32, source: String = "<stdin>", closeWhenDone: Bool = false)
        throws(RecordingError)
    {
        try self.init(input: LineReader(fileDescriptor: fileDescriptor, ownsDescriptor: closeWhenDone, source: source))
    }

    /// Reads a recording held in memory.
    public convenience init(bytes: [UInt8], source: String) throws(RecordingError) {
        try self.init(input: LineReader(bytes: bytes, source: source))
    }

    private init(input: LineReader) throws(RecordingError) {
        func fail(_ reason: RecordingError.Reason, line: Int? = nil) -> RecordingError {
            RecordingError(source: input.source, line: line, reason: reason, contents: .pulse)
        }
        var headerLine: UnsafeBufferPointer<UInt8>?
        do {
            repeat {
                headerLine = try input.nextLine()
            } while headerLine.map(Self.isBlank) ?? false
        } catch {
            throw fail(error.reason, line: error.line)
        }
        guard var line = headerLine else { throw fail(.empty) }
        if line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF {
            line = UnsafeBufferPointer(rebasing: line[3...])
        }
        let names = line.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map {
            Self.trimmed(String(decoding: $0, as: UTF8.self))
        }
        var seen = Set<String>()
        for name in names where !name.isEmpty {
            guard seen.insert(name).inserted else { throw fail(.duplicateColumn(name), line: input.lineNumber) }
        }
        guard let time = names.firstIndex(of: "t") else { throw fail(.missingColumn("t"), line: input.lineNumber) }
        guard let column = PPGColumns.preference.first(where: seen.contains), let signal = names.firstIndex(of: column)
        else { throw fail(.missingColumn(PPGColumns.wave), line: input.lineNumber) }
        self.input = input
        self.columns = names
        self.column = column
        self.timeField = time
        self.signalField = signal
        self.sign = PPGColumns.isIntensity(column) ? -1 : 1
    }

    /// The next sample, or nil at the end of the recording.
    public func next() throws(RecordingError) -> PPGSample? {
        while true {
            let line: UnsafeBufferPointer<UInt8>
            do {
                guard let next = try input.nextLine() else { return nil }
                line = next
            } catch {
                throw RecordingError(source: error.source, line: error.line, reason: error.reason, contents: .pulse)
            }
            if Self.isBlank(line) { continue }
            let (t, value) = try parse(line)
            guard t > previousTime, t.isFinite else {
                throw failure(.timeNotIncreasing(previous: previousTime, found: t))
            }
            previousTime = t
            guard let value else { continue }
            return PPGSample(time: t, value: sign * value)
        }
    }

    /// `t` and the PPG value (nil when its field is empty) of a row.
    private func parse(_ line: UnsafeBufferPointer<UInt8>) throws(RecordingError) -> (Double, Double?) {
        var t = Double.nan
        var value: Double?
        var field = 0
        var start = 0
        let count = line.count
        var index = 0
        while true {
            if index == count || line[index] == UInt8(ascii: ",") {
                if field == timeField || field == signalField {
                    let number = try number(in: line, from: start, to: index, field: field)
                    if field == timeField {
                        guard let number else { throw failure(.notANumber(column: "t", text: "")) }
                        t = number
                    } else {
                        value = number
                    }
                }
                field += 1
                if index == count { break }
                start = index + 1
            }
            index += 1
        }
        guard field == columns.count else {
            throw failure(.wrongFieldCount(expected: columns.count, found: field))
        }
        return (t, value)
    }

    /// The number in `line[start..<end]`, nil for an empty field (spaces only).
    private func number(in line: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, field: Int)
        throws(RecordingError) -> Double?
    {
        var first = start
        var last = end
        while first < last, line[first] == 0x20 { first += 1 }
        while last > first, line[last - 1] == 0x20 { last -= 1 }
        guard first < last else { return nil }
        let text = UnsafeBufferPointer(rebasing: line[first..<last])
        guard let value = DoubleText.parse(text) else {
            var shown = String(decoding: text.prefix(40), as: UTF8.self)
            if text.count > 40 { shown += "…" }
            throw failure(.notANumber(column: columns[field], text: shown))
        }
        return value
    }

    private func failure(_ reason: RecordingError.Reason) -> RecordingError {
        RecordingError(source: input.source, line: input.lineNumber, reason: reason, contents: .pulse)
    }

    private static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    private static func trimmed(_ text: String) -> String {
        var view = Substring(text)
        while let first = view.first, first == " " || first == "\t" { view.removeFirst() }
        while let last = view.last, last == " " || last == "\t" { view.removeLast() }
        return String(view)
    }
}
