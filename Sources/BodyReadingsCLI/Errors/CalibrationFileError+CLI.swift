import Calibration

/// Calibration files end a command with their own one-line message (naming the file) and the fix: bad content exits
/// 65 (`EX_DATAERR`), missing permissions 77 (`EX_NOPERM`), other file-system failures 74 (`EX_IOERR`). Used by
/// `calibrate` and by every command that applies a calibration file.
extension CalibrationFileError: CLIErrorConvertible {
    public var cliError: CLIError {
        let exitCode: ExitCode = isContentError ? .dataError : isPermissionError ? .noPermission : .ioError
        return CLIError("\(description); \(fix)", exitCode: exitCode)
    }

    /// What the user can do about it, in the tool's commands and options.
    var fix: String {
        switch self {
        case .notFound:
            "check the name, or calibrate first with 'bodyreadings calibrate gyro|accel|magnetometer'"
        case .unreadable:
            "check that it is a file you may read (its permissions, or where a link points)"
        case .truncated:
            "recalibrate, or restore it, or remove it with 'bodyreadings calibrate reset'"
        case .corrupt:
            "fix it (format: Calibration/README.md), recalibrate, or remove it with 'bodyreadings calibrate reset'"
        case .unsupportedVersion:
            "recalibrate or use the bodyreadings release that wrote it"
        case .wrongSensor:
            "name the right file with --calibration FILE (or --sensor ID), or recalibrate this sensor"
        case .unwritableDirectory(let directory, _, _):
            "create it with write permission for you (mkdir -p '\(directory)'), fix its permissions, or name another "
                + "file with --calibration FILE"
        case .writeFailed:
            "free disk space or name another file with --calibration FILE"
        case .removeFailed:
            "remove it as its owner (e.g. with sudo for /etc)"
        case .notOurs:
            "name another file with --calibration FILE"
        case .implausible:
            "check the sensor's scale and mount, then calibrate again (a --dry-run shows the values first)"
        }
    }
}
