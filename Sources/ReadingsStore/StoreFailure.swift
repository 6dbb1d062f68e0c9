import CSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a store operation failed, in the terms a caller decides on: no access, no file, a damaged file, a full or
/// failing disk, a lock held too long, or a store written by a newer version.
///
/// Built by the module's funnel (`Internals/Calls.swift`) from SQLite's result codes and the `errno` behind them
/// (`sqlite3_system_errno`), and by the store itself for the schema version.
public enum StoreFailure: Sendable, Hashable, CustomStringConvertible {
    /// The file or its directory may not be read or written by this user (`EACCES`, `EPERM`, `SQLITE_PERM`, or a
    /// file that SQLite could only open read-only when writing was asked for).
    case permissionDenied
    /// There is no store file at the path (`ENOENT` on a read-only open).
    case notFound
    /// The directory a named store file would go in does not exist (only the default one is created).
    case noDirectory
    /// Users other than the owner may write the file, one of its journals or its directory: the store is refused.
    case writableByOthers
    /// The file is not an SQLite database or its pages are damaged (`SQLITE_CORRUPT`, `SQLITE_NOTADB`).
    case corrupt
    /// The disk or the user's quota is full (`SQLITE_FULL`, `ENOSPC`, `EDQUOT`).
    case diskFull
    /// Reading or writing the file failed; the `errno` value (0 when SQLite did not say).
    case io(errno: Int32)
    /// Another connection held a lock for longer than the busy timeout (`SQLITE_BUSY`, `SQLITE_LOCKED`).
    case busy
    /// SQLite ran out of memory.
    case outOfMemory
    /// The file's schema version (`PRAGMA user_version`) is newer than this build knows: written by a newer
    /// bodyreadings.
    case schemaTooNew(found: Int, supported: Int)
    /// The file's schema is older than this build's (0: no readings schema at all) and the store was opened for
    /// reading only; opening it once for writing migrates it.
    case schemaOutdated(found: Int, current: Int)
    /// Any other SQLite result code (a misuse or an SQL error: a bug of this module), as the library reported it.
    case library(code: Int32)

    /// A short phrase, e.g. "permission denied", "not a database or damaged".
    public var description: String {
        switch self {
        case .permissionDenied: return "permission denied"
        case .notFound: return "no such file"
        case .noDirectory: return "no such directory"
        case .writableByOthers: return "other users may write it"
        case .corrupt: return "not a readings database, or damaged"
        case .diskFull: return "disk full"
        case .io(let code): return code == 0 ? "I/O error" : "I/O error (\(errnoText(code)))"
        case .busy: return "locked by another process"
        case .outOfMemory: return "out of memory"
        case .schemaTooNew(let found, let supported):
            return "schema version \(found) is newer than this build's \(supported)"
        case .schemaOutdated(let found, let current):
            return found == 0
                ? "holds no readings yet (no schema)" : "schema version \(found) is older than this build's \(current)"
        case .library(let code): return "SQLite error \(code) (\(String(cString: sqlite3_errstr(code))))"
        }
    }
}

/// The C library's text for an `errno` value.
func errnoText(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "errno \(code)" }
    return String(cString: text)
}
