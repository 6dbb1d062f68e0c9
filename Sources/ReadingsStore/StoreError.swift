/// A failed store operation: which call, on which file, why, and what SQLite said.
///
/// Every SQLite result code goes through one internal funnel (`Internals/Calls.swift`) that builds this value, so a
/// caller maps ``failure`` to a decision (the CLI: permission denied exits 77, a damaged file 65, I/O 74) and prints
/// ``description`` as the cause.
///
/// ```swift
/// do { let store = try ReadingsDatabase(path: path) }
/// catch let error where error.failure == .permissionDenied { … }   // exit 77
/// ```
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The SQLite function or store step that failed, e.g. `sqlite3_open_v2`, `sqlite3_step`, `migrate`.
    public var operation: String
    /// Why it failed.
    public var failure: StoreFailure
    /// The store file.
    public var path: String?
    /// SQLite's extended result code (`SQLITE_IOERR_WRITE`, …), 0 for failures the store found itself.
    public var code: Int32
    /// SQLite's message (`sqlite3_errmsg`) when it adds to ``failure``, or nil.
    public var detail: String?

    /// Creates an error; normally only the ReadingsStore module does this, tests of the layers above may too.
    public init(
        operation: String, failure: StoreFailure, path: String? = nil, code: Int32 = 0, detail: String? = nil
    ) {
        self.operation = operation
        self.failure = failure
        self.path = path
        self.code = code
        self.detail = detail
    }

    /// One line: what could not be done, file, cause, in words (the SQLite function stays in ``operation`` for
    /// callers), e.g. `cannot open /var/lib/bodyreadings/readings.sqlite: permission denied [unable to open database
    /// file]`.
    public var description: String {
        var text = action
        if let path { text += " " + path }
        text += ": \(failure)"
        if let detail, detail != failure.description { text += " [\(detail)]" }
        return text
    }

    /// ``operation`` as what a user was doing: opening, migrating, closing the file, or reading and writing it.
    var action: String {
        switch operation {
        case "sqlite3_open_v2", "sqlite3_busy_timeout", "open": return "cannot open"
        case "mkdir": return "cannot create the directory"
        case "migrate": return "cannot migrate"
        case "sqlite3_close": return "cannot close"
        default: return "cannot read or write"
        }
    }
}
