/// Why a calibration file could not be read, written or removed. Every case names the file (or directory) and the
/// cause; `description` says both in one line.
public enum CalibrationFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No file at the path.
    case notFound(path: String)
    /// The file exists but could not be read (errno text in `reason`), e.g. permission denied.
    case unreadable(path: String, reason: String, permission: Bool)
    /// The file ends in the middle of the JSON document (an interrupted copy or a full disk).
    case truncated(path: String)
    /// The file is not valid JSON, or a field has the wrong type or shape (`detail` says which).
    case corrupt(path: String, detail: String)
    /// The file's `version` is not one this program reads.
    case unsupportedVersion(path: String, found: Int, supported: Int)
    /// The file belongs to another sensor.
    case wrongSensor(path: String, expected: String, found: String)
    /// The directory could not be created or written.
    case unwritableDirectory(directory: String, reason: String, permission: Bool)
    /// Writing the file failed after the directory was usable (e.g. disk full); the old file is untouched.
    case writeFailed(path: String, reason: String)
    /// Removing the file failed.
    case removeFailed(path: String, reason: String, permission: Bool)
    /// The file at a path named for writing or removal is not a calibration file of ours (a JSON object with our
    /// `version` and a `sensor`): it is the user's and was left alone.
    case notOurs(path: String)
    /// A calibration to be written holds a value no working sensor needs (`CalibrationFile.implausibility` says
    /// which); nothing was written.
    case implausible(path: String, detail: String)

    /// The file or directory concerned.
    public var path: String {
        switch self {
        case .notFound(let path), .unreadable(let path, _, _), .truncated(let path), .corrupt(let path, _),
            .unsupportedVersion(let path, _, _), .wrongSensor(let path, _, _),
            .unwritableDirectory(let path, _, _), .writeFailed(let path, _), .removeFailed(let path, _, _),
            .notOurs(let path), .implausible(let path, _):
            return path
        }
    }

    /// True for problems with the file's content (as opposed to the file system).
    public var isContentError: Bool {
        switch self {
        case .truncated, .corrupt, .unsupportedVersion, .wrongSensor, .notOurs, .implausible: return true
        default: return false
        }
    }

    /// True when the cause is a missing permission (EACCES, EPERM, EROFS).
    public var isPermissionError: Bool {
        switch self {
        case .unreadable(_, _, let permission), .unwritableDirectory(_, _, let permission),
            .removeFailed(_, _, let permission):
            return permission
        default: return false
        }
    }

    /// What went wrong, with the file and the cause, in one line (no fix: the caller knows what the user can do
    /// about it — the CLI adds its commands and options).
    public var description: String {
        switch self {
        case .notFound(let path):
            return "calibration file \(path) does not exist"
        case .unreadable(let path, let reason, _):
            return "cannot read calibration file \(path): \(reason)"
        case .truncated(let path):
            return "calibration file \(path) is truncated (the JSON ends early)"
        case .corrupt(let path, let detail):
            return "calibration file \(path) is corrupt: \(detail)"
        case .unsupportedVersion(let path, let found, let supported):
            return "calibration file \(path) has version \(found), this program reads version \(supported)"
        case .wrongSensor(let path, let expected, let found):
            return "calibration file \(path) is for sensor '\(found)', not '\(expected)'"
        case .unwritableDirectory(let directory, let reason, _):
            return "cannot write calibration to \(directory): \(reason)"
        case .writeFailed(let path, let reason):
            return "writing calibration file \(path) failed: \(reason); the previous file is unchanged"
        case .removeFailed(let path, let reason, _):
            return "cannot remove calibration file \(path): \(reason)"
        case .notOurs(let path):
            return "\(path) is not a calibration file of this program (a JSON object with 'version' "
                + "\(CalibrationFile.currentVersion) and 'sensor'); it was left as it is"
        case .implausible(let path, let detail):
            return "refusing to write calibration file \(path): \(detail); nothing was written"
        }
    }
}
