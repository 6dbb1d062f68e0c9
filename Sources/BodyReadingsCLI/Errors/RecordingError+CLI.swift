import ReadingFormats

/// Recording errors end a command with their own one-line message: malformed data exits 65 (`EX_DATAERR`), an
/// unreadable or unwritable file 74 (`EX_IOERR`). Used by `fuse` and by every command that reads or writes
/// recordings.
extension RecordingError: CLIErrorConvertible {
    public var cliError: CLIError {
        CLIError(description, exitCode: isMalformedInput ? .dataError : .ioError)
    }
}
