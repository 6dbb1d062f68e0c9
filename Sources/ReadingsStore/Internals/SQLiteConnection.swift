import CSQLite
import SystemSupport
import TextFormats

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One SQLite connection: opening with flags, the busy timeout, statements, transactions and `PRAGMA user_version`.
///
/// Not thread-safe by itself: the store serialises every use with its lock.
final class SQLiteConnection {
    /// How the file is opened.
    enum Access: Sendable {
        /// Reading only; the file must exist.
        case readOnly
        /// Reading a file that no process writes, without locks and without the WAL index (`immutable=1`): for a
        /// reader that may not create the index (`-shm`) in the file's directory while no writer has it open.
        case immutable
        /// Reading and writing; the file is created when missing.
        case readWrite
    }

    /// The database file.
    let path: String
    private var handle: OpaquePointer?

    /// Opens `path`. A `readWrite` open of a file this user may only read fails with `permissionDenied` rather than
    /// succeeding read-only, which SQLite would do. The corresponding C function is `sqlite3_open_v2`.
    ///
    /// - Parameter busyTimeout: how long a statement waits for another connection's lock, s.
    init(path: String, access: Access, busyTimeout: Double) throws(StoreError) {
        self.path = path
        var flags = SQLITE_OPEN_EXRESCODE
        var name = path
        switch access {
        case .readOnly:
            flags |= SQLITE_OPEN_READONLY
        case .immutable:
            flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            name = "file:" + PercentEncoding.encode(path, keeping: "/") + "?immutable=1"
        case .readWrite:
            flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(name, &opened, flags, nil)
        do {
            try check(code, "sqlite3_open_v2", opened, path: path)
        } catch {
            sqlite3_close_v2(opened)
            throw access == .readWrite ? Self.creationFailure(error, path: path) : error
        }
        handle = opened
        if access == .readWrite, sqlite3_db_readonly(opened, "main") == 1 {
            sqlite3_close_v2(opened)
            handle = nil
            throw StoreError(
                operation: "sqlite3_open_v2", failure: .permissionDenied, path: path, code: SQLITE_READONLY,
                detail: "the file is not writable for this user")
        }
        let milliseconds = Int32(clamping: Int64((max(0, busyTimeout) * 1000).rounded()))
        try check(sqlite3_busy_timeout(opened, milliseconds), "sqlite3_busy_timeout", opened, path: path)
        sqlite3_extended_result_codes(opened, 1)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// A new file in a directory this user may not write: SQLite's create fails with `EACCES`, then its read-only
    /// retry with `ENOENT`, the `errno` it reports, which would read as "no store" (74) and tell the user that
    /// `serve` creates it — the very command that failed. It is permission denied (77).
    private static func creationFailure(_ error: StoreError, path: String) -> StoreError {
        let directory = FileSystem.directoryName(path)
        guard error.failure == .notFound, !FileSystem.exists(path), access(directory, W_OK | X_OK) != 0,
            SystemErrno.current.isPermissionError
        else { return error }
        return StoreError(
            operation: error.operation, failure: .permissionDenied, path: path, code: error.code,
            detail: "this user may not create files in \(directory)")
    }

    /// The open connection, or an error once closed.
    private func database(_ operation: String) throws(StoreError) -> OpaquePointer {
        guard let handle else {
            throw StoreError(operation: operation, failure: .library(code: SQLITE_MISUSE), path: path,
                             detail: "the store is closed")
        }
        return handle
    }

    /// Runs `sql`, one or more statements without parameters and without rows (schema, pragmas).
    /// The corresponding C function is `sqlite3_exec`.
    func execute(_ sql: String) throws(StoreError) {
        let database = try database("sqlite3_exec")
        try check(sqlite3_exec(database, sql, nil, nil, nil), "sqlite3_exec", database, path: path)
    }

    /// Compiles one statement.
    func prepare(_ sql: String) throws(StoreError) -> Statement {
        try Statement(sql: sql, database: database("sqlite3_prepare_v2"), path: path)
    }

    /// Runs `body` in a write transaction (`BEGIN IMMEDIATE`: the write lock is taken at once, so two writers wait
    /// for each other up to the busy timeout instead of failing halfway); commits when it returns, rolls back when it
    /// throws.
    func transaction<Result>(_ body: () throws(StoreError) -> Result) throws(StoreError) -> Result {
        try execute("BEGIN IMMEDIATE")
        let result: Result
        do {
            result = try body()
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
        do {
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
        return result
    }

    /// The first column of the first row of `sql` as an integer (0 when there is no row).
    func integer(_ sql: String, _ values: [SQLValue] = []) throws(StoreError) -> Int64 {
        let statement = try prepare(sql)
        try statement.bind(values)
        return try statement.step() ? statement.integer(0) : 0
    }

    /// The schema version the file records (`PRAGMA user_version`; 0 for a new file).
    func userVersion() throws(StoreError) -> Int {
        Int(try integer("PRAGMA user_version"))
    }

    /// Records the schema version (`PRAGMA user_version`).
    func setUserVersion(_ version: Int) throws(StoreError) {
        try execute("PRAGMA user_version = \(version)")
    }

    /// Closes the connection; later calls fail. The corresponding C function is `sqlite3_close`.
    func close() throws(StoreError) {
        guard let handle else { return }
        try check(sqlite3_close(handle), "sqlite3_close", handle, path: path)
        self.handle = nil
    }
}
