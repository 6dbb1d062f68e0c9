import ReadingFormats

/// An output file that cannot be created, written or closed ends the command with exit 74 (`EX_IOERR`).
extension OutputFileError: CLIErrorConvertible {
    public var cliError: CLIError {
        switch operation {
        case .create: CLIError(description + "; check the directory and its permissions", exitCode: .ioError)
        case .write, .close: CLIError(description, exitCode: .ioError)
        }
    }
}
