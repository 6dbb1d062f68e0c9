/// Something worth telling about the calibration a capture applies, that is not a problem: rendered by the CLI as a
/// `note:` line and by `MotionManager` on its calibration log.
public enum CalibrationNote: Sendable, Equatable, CustomStringConvertible {
    /// An explicitly named file was written for another sensor (`writtenFor`, its identity) and is applied to
    /// `source` (the source's name) as asked.
    case writtenForAnotherSensor(path: String, writtenFor: String, source: String)

    public var description: String {
        switch self {
        case .writtenForAnotherSensor(let path, let writtenFor, let source):
            "\(path) was written for sensor '\(writtenFor)'; applying it to \(source) as asked"
        }
    }
}
