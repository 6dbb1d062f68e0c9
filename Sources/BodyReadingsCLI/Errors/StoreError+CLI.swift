import ReadingsStore

/// Store errors end a command with the file, the cause and the fix: permission denied and a store others may write
/// exit 77, a damaged store or one of another schema version 65, a missing `--store FILE` or directory, a full disk
/// or another I/O failure 74, a bug 70.
extension StoreError: CLIErrorConvertible {
    public var cliError: CLIError {
        switch failure {
        case .permissionDenied:
            return CLIError(
                description + "; run as the store's owner or a member of its group (ls -l the file), or name another "
                    + "file with --store", exitCode: .noPermission)
        case .notFound:
            return CLIError(
                "no readings store at \(path ?? "the path given"); 'bodyreadings serve' creates and fills it (or name "
                    + "another file with --store)", exitCode: .ioError)
        case .noDirectory:
            return CLIError(
                "no directory \(path ?? "for the store"): create it first or name a file in an existing one with "
                    + "--store", exitCode: .ioError)
        case .writableByOthers:
            let target = path ?? "the store"
            return CLIError(
                "refusing the readings store: other users may write \(target), so they could change or replace the "
                    + "readings; 'chmod go-w \(target)' (or name another file with --store)", exitCode: .noPermission)
        case .corrupt:
            return CLIError(
                description + "; restore it from a backup (sqlite3 FILE '.backup COPY', docs/store.md) or "
                    + "move it away to start a new one", exitCode: .dataError)
        case .schemaTooNew:
            return CLIError(description + "; it was written by a newer bodyreadings: upgrade this one",
                            exitCode: .dataError)
        case .schemaOutdated(let found, _):
            let fix =
                found == 0
                ? "; 'bodyreadings serve' records readings there"
                : "; open it once with 'bodyreadings serve' to migrate it"
            return CLIError(description + fix, exitCode: .dataError)
        case .diskFull:
            return CLIError(description + "; free space on its file system", exitCode: .ioError)
        case .busy:
            return CLIError(description + "; another process held its lock too long: try again", exitCode: .ioError)
        case .io, .outOfMemory:
            return CLIError(description + "; check the disk and the kernel log (dmesg)", exitCode: .ioError)
        case .library:
            return CLIError(
                "internal error: \(description); please report it with the command line you ran", exitCode: .software)
        }
    }
}
