import Calibration
import FoundationEssentials
import SystemSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension MotionManager {
    /// Which calibration a manager applies to the readings of each capture, before fusion and before the raw
    /// accelerometer, gyroscope and magnetometer updates. Resolved again when each capture starts, so that a
    /// calibration written meanwhile (`bodyreadings calibrate`) is picked up by the next one.
    public enum CalibrationPolicy: Sendable {
        /// Each sensor's stored calibration, in the store of the process's environment
        /// (`$XDG_CONFIG_HOME/bodyreadings/calibration`, then `/etc/bodyreadings/calibration`): discovery's identity
        /// for IIO sensors, `sim:seed-N` for the simulator. A recording (`.replay`) is used as recorded. A stored
        /// file that cannot be used is reported (see `calibration` and the log) and that sensor's data flow
        /// uncalibrated. The default.
        case stored
        /// Each sensor's stored calibration in this store (same rules as `.stored`).
        case store(CalibrationStore)
        /// This calibration file, applied to every reading whatever sensor it was written for. A file that cannot
        /// be used makes starting fail with a `CaptureError` naming it (`.malformedInput` for bad content,
        /// `.permissionDenied`, else `.io`).
        case file(String)
        /// No calibration: raw readings (in SI units, mount matrix applied), what calibrating needs.
        case disabled
        /// A correction of your own, applied to every reading.
        case custom(ReadingCorrection)

        /// The store this policy looks in, if any.
        var store: CalibrationStore? {
            switch self {
            case .stored: return CalibrationStore(environment: ProcessInfo.processInfo.environment)
            case .store(let store): return store
            case .file, .disabled, .custom: return nil
            }
        }
    }

    /// Writes one line to stderr: the default `calibrationLog`.
    public static let standardErrorLog: @Sendable (String) -> Void = { line in
        try? SystemCall.writeAll(STDERR_FILENO, Array(("bodyreadings: " + line + "\n").utf8))
    }
}
