import TextFormats

/// Reads a CSV of readings by column name: a header line, then rows whose `t` (seconds) strictly increases, of which
/// only the chosen columns are parsed; every other column is ignored. The one row scanner of the readers that pick a
/// few columns from a wider file (`PPGRecordingReader`, `AccelerometerRecordingReader`): header parsing (UTF-8 byte
/// order mark, spaces around names, duplicate names), field counts, number parsing and the errors that name file,
/// line and column are written once here.
///
/// An empty field of a chosen column reads as NaN, so that a reader can tell "no value on this row" (the rows of
/// another sensor in a `record` file) from a value. Constant memory: one line buffer (`LineReader`), numbers parsed
/// in place.
final class ColumnReader {
    /// The file path, or `<stdin>`, for messages.
    var source: String { input.source }
    /// The header's column names, in file order.
    let columns: [String]
    /// The values of the chosen columns on the last row read, in the order they were chosen; NaN for an empty field.
    private(set) var values: [Double]

    private let input: LineReader
    private let contents: RecordingError.Contents
    private let timeField: Int
    /// For each field of a row, the index in `values` its number goes to, or −1 when the field is not parsed.
    private var slots: [Int]
    private var previousTime = -Double.infinity

    /// Opens `source` and reads its header (which must hold `t`). Throws `.cannotOpen` when it cannot be opened.
    convenience init(_ source: RecordingSource, contents: RecordingError.Contents) throws(RecordingError) {
        try self.init(input: source.lineReader(contents: contents), contents: contents)
    }

    /// Reads the header from `input` (which must hold `t`).
    init(input: LineReader, contents: RecordingError.Contents) throws(RecordingError) {
        func fail(_ reason: RecordingError.Reason, line: Int? = nil) -> RecordingError {
            RecordingError(source: input.source, line: line, reason: reason, contents: contents)
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
        self.input = input
        self.contents = contents
        self.columns = names
        self.timeField = time
        self.slots = Array(repeating: -1, count: names.count)
        self.values = []
    }

    /// Parses the column `name` from now on; its value is `values[k]` where `k` is the number of columns chosen
    /// before it. Throws `.missingColumn` when the header has no such column.
    func choose(_ name: String) throws(RecordingError) {
        guard let field = columns.firstIndex(of: name), field != timeField else {
            throw RecordingError(source: source, line: 1, reason: .missingColumn(name), contents: contents)
        }
        slots[field] = values.count
        values.append(.nan)
    }

    /// Reads the next row that is not blank: its `t`, with the chosen columns in `values`. Nil at the end of the
    /// file. Throws for a malformed row and for `t` not finite or not greater than the previous row's.
    func nextRow() throws(RecordingError) -> Double? {
        while true {
            let line: UnsafeBufferPointer<UInt8>
            do {
                guard let next = try input.nextLine() else { return nil }
                line = next
            } catch {
                throw RecordingError(source: error.source, line: error.line, reason: error.reason, contents: contents)
            }
            if Self.isBlank(line) { continue }
            let t = try parse(line)
            guard t > previousTime, t.isFinite else {
                throw failure(.timeNotIncreasing(previous: previousTime, found: t))
            }
            previousTime = t
            return t
        }
    }

    /// Parses `t` and the chosen fields of a row into `values`; returns `t`.
    private func parse(_ line: UnsafeBufferPointer<UInt8>) throws(RecordingError) -> Double {
        var t = Double.nan
        var field = 0
        var start = 0
        let count = line.count
        var index = 0
        while true {
            if index == count || line[index] == UInt8(ascii: ",") {
                if field < slots.count, field == timeField || slots[field] >= 0 {
                    let number = try number(in: line, from: start, to: index, field: field)
                    if field == timeField {
                        guard let number else { throw failure(.notANumber(column: "t", text: "")) }
                        t = number
                    } else {
                        values[slots[field]] = number ?? .nan
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
        return t
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

    /// An error about the line just read.
    func failure(_ reason: RecordingError.Reason) -> RecordingError {
        RecordingError(source: input.source, line: input.lineNumber, reason: reason, contents: contents)
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
