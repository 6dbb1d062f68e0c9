import CSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The one funnel between SQLite's conventions and `StoreError`: a result code (extended codes are on for every
// connection), the `errno` of the last failed file operation (`sqlite3_system_errno`) and the connection's message.
// Every SQLite call of the module that can fail goes through `check`.

/// Returns `code` when it is `SQLITE_OK`, `SQLITE_ROW` or `SQLITE_DONE`; otherwise throws the mapped error.
///
/// `handle` is the connection the call used (nil when there is none yet): its `errno` and message complete the error.
@discardableResult
func check(_ code: Int32, _ operation: String, _ handle: OpaquePointer?, path: String?) throws(StoreError) -> Int32 {
    guard code != SQLITE_OK, code != SQLITE_ROW, code != SQLITE_DONE else { return code }
    let systemCode = handle.map { sqlite3_system_errno($0) } ?? 0
    let message = handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
    throw StoreError(
        operation: operation, failure: failure(code: code, errno: systemCode), path: path, code: code,
        detail: message)
}

/// `SQLITE_READONLY_DIRECTORY` (a macro with an expression, which Swift does not import): a read-only connection
/// that would have to create the WAL index (`-shm`) in a directory it may not write.
let readOnlyDirectoryCode: Int32 = SQLITE_READONLY | (6 << 8)

/// The failure an (extended) SQLite result code stands for; `systemCode` is the `errno` SQLite saw, if any.
///
/// Opening and I/O failures are told apart by the `errno` behind them: SQLite reports an unreadable file and a
/// missing one alike as `SQLITE_CANTOPEN`.
func failure(code: Int32, errno systemCode: Int32) -> StoreFailure {
    switch code & 0xFF {
    case SQLITE_PERM, SQLITE_AUTH, SQLITE_READONLY:
        return .permissionDenied
    case SQLITE_CANTOPEN, SQLITE_IOERR, SQLITE_NOLFS:
        return failure(errno: systemCode)
    case SQLITE_FULL:
        return .diskFull
    case SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_FORMAT:
        return .corrupt
    case SQLITE_BUSY, SQLITE_LOCKED, SQLITE_PROTOCOL:
        return .busy
    case SQLITE_NOMEM:
        return .outOfMemory
    default:
        return .library(code: code)
    }
}

/// The failure a file operation's `errno` stands for.
func failure(errno code: Int32) -> StoreFailure {
    switch code {
    case EACCES, EPERM: return .permissionDenied
    case ENOENT: return .notFound
    case ENOSPC, EDQUOT: return .diskFull
    case ENOMEM: return .outOfMemory
    default: return .io(errno: code)
    }
}
