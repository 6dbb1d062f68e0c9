import SystemSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files of a store as the file system sees them: someone's health data, so private whatever the umask.
///
/// A new store is created mode 0600 before SQLite opens it, and SQLite gives its `-wal`, `-shm` and `-journal`
/// files the mode of the database file; when the directory is open to its group and closed to others (the system
/// service's `StateDirectory=`, mode 0750, group `iio`), the file is 0640 so that the group reads `history`. Only
/// the store's own default directory is created (mode 0700); a named file's directory must exist. A store that
/// users other than its owner may write (the file, its journals or its directory group- or world-writable) is
/// refused: they could change the readings or replace the file.
enum StoreFiles {
    /// The files SQLite keeps beside a database in WAL or rollback mode.
    static let companions = ["-wal", "-shm", "-journal"]

    /// Creates the store's own default directory `directory` (mode 0700, also its missing parents) when missing.
    static func makeOwnDirectory(_ directory: String) throws(StoreError) {
        do {
            try FileSystem.makeDirectories(directory, mode: 0o700)
        } catch {
            throw StoreError(
                operation: "mkdir", failure: failure(errno: error.errno.rawValue), path: error.path ?? directory,
                detail: error.reason)
        }
    }

    /// Fails with `noDirectory` when the directory of `path` does not exist (a named store's is never created).
    static func requireDirectory(of path: String) throws(StoreError) {
        let directory = FileSystem.directoryName(path)
        var info = stat()
        guard stat(directory, &info) != 0 else { return }
        let code = errno
        guard code == ENOENT || code == ENOTDIR else { return }
        throw StoreError(operation: "open", failure: .noDirectory, path: directory)
    }

    /// Creates `path` empty (an empty file is an empty SQLite database) with the store's mode when it does not
    /// exist; never through a symbolic link. Does nothing when it exists.
    static func createPrivately(_ path: String) throws(StoreError) {
        let descriptor: Int32
        do {
            descriptor = try SystemCall.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o600)
        } catch where error.errno == .fileExists {
            return
        } catch {
            // Left to SQLite's own open, which reports it as for any store (a directory this user may not write).
            return
        }
        _ = fchmod(descriptor, mode(forDirectory: FileSystem.directoryName(path)))
        try? SystemCall.close(descriptor)
    }

    /// 0640 in a directory open to its group and closed to others, else 0600.
    static func mode(forDirectory directory: String) -> mode_t {
        var info = stat()
        guard stat(directory, &info) == 0 else { return 0o600 }
        let groupReads = info.st_mode & (S_IRGRP | S_IXGRP) == S_IRGRP | S_IXGRP
        return groupReads && info.st_mode & S_IRWXO == 0 ? 0o640 : 0o600
    }

    /// Fails with `writableByOthers` naming the first of the directory, the file and its companions that a user
    /// other than its owner may write.
    static func requirePrivate(_ path: String) throws(StoreError) {
        let directory = FileSystem.directoryName(path)
        for candidate in [directory, path] + companions.map({ path + $0 }) {
            var info = stat()
            guard stat(candidate, &info) == 0 else { continue }
            guard info.st_mode & (S_IWGRP | S_IWOTH) == 0 else {
                throw StoreError(operation: "open", failure: .writableByOthers, path: candidate)
            }
        }
    }
}
