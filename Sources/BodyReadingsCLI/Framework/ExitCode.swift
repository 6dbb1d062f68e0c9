/// Process exit statuses, from BSD `sysexits.h` (docs/exit-codes.md).
public enum ExitCode: Int32, Sendable, CaseIterable {
    /// Success.
    case ok = 0
    /// A "no" answer that is not an error, e.g. `available` when there is no device motion.
    case notAvailable = 1
    /// `EX_USAGE`: the command line was wrong.
    case usage = 64
    /// `EX_DATAERR`: input data (a recording, a calibration file) was malformed.
    case dataError = 65
    /// `EX_UNAVAILABLE`: no sensor, or the sensor vanished.
    case unavailable = 69
    /// `EX_SOFTWARE`: an internal error (a bug).
    case software = 70
    /// `EX_IOERR`: reading or writing failed.
    case ioError = 74
    /// `EX_NOPERM`: permission denied.
    case noPermission = 77
    /// 128 + `SIGINT`, the shell's status for a command stopped by Ctrl-C: a run that was to go to its end (`fuse`)
    /// was interrupted.
    case interrupted = 130
}
