import CSQLite

/// A prepared SQLite statement: typed binds, stepping, typed column reads. Finalized when released.
///
/// Used only while its connection is open and only by the thread that holds the store's lock.
final class Statement {
    private let handle: OpaquePointer
    private let database: OpaquePointer
    private let path: String

    /// Compiles `sql` (one statement). The corresponding C function is `sqlite3_prepare_v2`.
    init(sql: String, database: OpaquePointer, path: String) throws(StoreError) {
        var prepared: OpaquePointer?
        try check(sqlite3_prepare_v2(database, sql, -1, &prepared, nil), "sqlite3_prepare_v2", database, path: path)
        guard let prepared else {
            // An empty statement (only whitespace or a comment) compiles to NULL: a bug of the caller.
            throw StoreError(operation: "sqlite3_prepare_v2", failure: .library(code: SQLITE_MISUSE), path: path)
        }
        handle = prepared
        self.database = database
        self.path = path
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Resets the statement and binds `values` to its parameters `?1`, `?2`, ….
    func bind(_ values: [SQLValue]) throws(StoreError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
            case .real(let number): code = sqlite3_bind_double(handle, index, number)
            case .text(let text): code = sqlite3_bind_text(handle, index, text, -1, csqlite_transient())
            case .null: code = sqlite3_bind_null(handle, index)
            }
            try check(code, "sqlite3_bind", database, path: path)
        }
    }

    /// Runs the statement to its next row: true when a row is ready to read, false when it finished.
    /// The corresponding C function is `sqlite3_step`.
    func step() throws(StoreError) -> Bool {
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        // The error is the statement's; resetting clears it so the statement can run again.
        defer { sqlite3_reset(handle) }
        try check(code, "sqlite3_step", database, path: path)
        return false
    }

    /// Binds `values`, lets `read` step through the rows, then resets the statement: a statement left on a row keeps
    /// its read transaction open, so the connection would go on seeing that snapshot and the WAL could not be
    /// checkpointed past it.
    func query<Result>(_ values: [SQLValue], _ read: (Statement) throws(StoreError) -> Result) throws(StoreError)
        -> Result
    {
        try bind(values)
        defer { sqlite3_reset(handle) }
        return try read(self)
    }

    /// Binds `values` and runs the statement to its end (for statements without rows).
    func run(_ values: [SQLValue] = []) throws(StoreError) {
        try bind(values)
        while try step() {}
    }

    /// Column `index` (from 0) of the current row as an integer (0 for NULL).
    func integer(_ index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    /// Column `index` of the current row as a double (0 for NULL).
    func real(_ index: Int32) -> Double {
        sqlite3_column_double(handle, index)
    }

    /// Column `index` of the current row as a double, nil for NULL.
    func optionalReal(_ index: Int32) -> Double? {
        sqlite3_column_type(handle, index) == SQLITE_NULL ? nil : sqlite3_column_double(handle, index)
    }

    /// Column `index` of the current row as text, nil for NULL.
    func text(_ index: Int32) -> String? {
        sqlite3_column_text(handle, index).map { String(cString: $0) }
    }
}
