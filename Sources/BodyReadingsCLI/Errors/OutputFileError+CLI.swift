import ReadingFormats

/// An output file that is an input is a usage error (exit 64), and so is a symbolic link another user planted in a
/// shared directory; one that cannot be created, written or finished ends
/// the command with exit 74 (`EX_IOERR`).
extension OutputFileError: CLIErrorConvertible {
    public var cliError: CLIError {
        switch operation {
        case .sameFileAsInput:
            CLIError(description + "; write to another file and rename it afterwards", exitCode: .usage)
        case .untrustedLink:
            CLIError(description + "; remove the link or write to a file in a directory of yours", exitCode: .usage)
        case .create: CLIError(description + "; check the directory and its permissions", exitCode: .ioError)
        case .write, .close:
            CLIError(description + "; check the free space and the file system", exitCode: .ioError)
        }
    }
}
