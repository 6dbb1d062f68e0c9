import TextFormats

/// One row of an event output (a beat of `heart-rate`, a step of `steps`): its CSV fields and its JSON members, in
/// the same order. `EventOutputWriter` writes any of them.
public protocol EventRow {
    /// The CSV header's columns, in order.
    static var csvColumns: [String] { get }
    /// Appends the row's CSV fields, comma-separated, without the newline.
    func appendCSV(to bytes: inout [UInt8])
    /// The row as JSON members, named like the CSV columns.
    var jsonMembers: [(String, JSONValue)] { get }
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
