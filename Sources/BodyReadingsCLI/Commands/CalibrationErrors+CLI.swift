import Calibration

/// Calibration files end a command with their own one-line message (naming the file and the fix): bad content exits
/// 65 (`EX_DATAERR`), missing permissions 77 (`EX_NOPERM`), other file-system failures 74 (`EX_IOERR`). Used by
/// `calibrate` and by every command that applies a calibration file.
extension CalibrationFileError: CLIErrorConvertible {
    public var cliError: CLIError {
        let exitCode: ExitCode = isContentError ? .dataError : isPermissionError ? .noPermission : .ioError
        return CLIError(description, exitCode: exitCode)
    }
}
