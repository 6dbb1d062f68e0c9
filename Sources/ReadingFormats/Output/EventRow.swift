import TextFormats

/// One reading as every wire carries it — a step, a beat, an altimeter reading: its fields' names, units and rounding
/// in one place (docs/formats.md). The CSV and JSON lines of `steps`, `heart-rate` and `altitude`, the socket's
/// events, the web API's events and MQTT's samples are all made of ``jsonMembers``; a wire adds its own context
/// (the day's steps, the day's flights, MQTT's Unix `time`) after them.
public protocol EventRow {
    /// The CSV header's columns: the names of ``jsonMembers``, in order.
    static var csvColumns: [String] { get }
    /// The row's fields, named like the CSV columns, each number rounded to its ``WirePrecision``.
    var jsonMembers: [(String, JSONValue)] { get }
}

extension EventRow {
    /// Appends the row's CSV fields, comma-separated, without the newline: each member's value, numbers in their
    /// shortest form, a missing value (`null`) empty.
    public func appendCSV(to bytes: inout [UInt8]) {
        for (index, member) in jsonMembers.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            switch member.1 {
            case .number(let value): DoubleText.appendShortest(value, to: &bytes)
            case .string(let value): bytes += Array(value.utf8)
            case .bool(let value): bytes += Array((value ? "true" : "false").utf8)
            case .null, .array, .object: break
            }
        }
    }
}

/// What the summary line of an event output says, accumulated over a run of its rows.
public protocol EventSummary {
    /// The rows it counts.
    associatedtype Row: EventRow
    /// The number of rows counted (for `--count`).
    var rows: Int { get }
    /// Counts a row written.
    mutating func add(_ row: Row)
    /// Notes the time of an input sample, s (the summary's duration).
    mutating func observe(time: Double)
    /// The members of the `{"summary":{…}}` object.
    var jsonMembers: [(String, JSONValue)] { get }
}
