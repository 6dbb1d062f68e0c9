/// The unit of the acceleration outputs (`--units`): gravity and user acceleration in m/s² (`si`), or in standard
/// gravities (`g`: ÷ 9.80665, like CoreMotion). Attitude and rotation rate are unaffected.
public enum MotionOutputUnits: String, Sendable, CaseIterable {
    case si
    case g

    /// The `--units` option's values.
    public static let optionValues = allCases.map(\.rawValue)

    /// What accelerations are multiplied by: 1 for `si`, 1 / 9.80665 for `g`.
    public var accelerationScale: Double {
        switch self {
        case .si: 1
        case .g: 1 / 9.80665
        }
    }
}
