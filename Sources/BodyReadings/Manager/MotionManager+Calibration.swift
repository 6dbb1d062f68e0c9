import Calibration
import Sensors

extension MotionManager {
    /// The correction for a capture of `source` under the policy (under the lock), and the lines to log (once the
    /// lock is released) when what is applied changed since the last capture. Throws when an explicitly named file
    /// cannot be used.
    func resolveCalibration(
        for source: any MotionSource
    ) throws(CaptureError) -> (correction: ReadingCorrection?, log: [String]) {
        let resolution: SensorCalibration.Resolution
        switch calibrationPolicy {
        case .disabled:
            resolvedCalibration = nil
            return (nil, [])
        case .custom(let correction):
            resolvedCalibration = nil
            return (correction, [])
        case .file(let path):
            resolution = SensorCalibration.resolve(
                for: source, explicitPath: path, store: CalibrationStore(userDirectory: "", systemDirectory: ""))
            if let problem = resolution.problems.first {
                let kind: CaptureError.Kind =
                    problem.isContentError ? .malformedInput : problem.isPermissionError ? .permissionDenied : .io
                throw CaptureError(kind, problem.description)
            }
        case .stored, .store:
            guard let store = calibrationPolicy.store else { return (nil, []) }
            resolution = SensorCalibration.resolve(for: source, explicitPath: nil, store: store)
        }
        resolvedCalibration = resolution
        let lines = Self.logLines(resolution)
        let changed = lines != loggedCalibration
        loggedCalibration = lines
        return (resolution.calibration.isEmpty ? nil : resolution.calibration.readingCorrection, changed ? lines : [])
    }

    /// The library's rendering of a resolution for `calibrationLog`: notes, problems, the warning, what is applied.
    static func logLines(_ resolution: SensorCalibration.Resolution) -> [String] {
        var lines = resolution.notes.map { "note: \($0)" } + resolution.problems.map { "error: \($0.description)" }
        if let warning = resolution.uncalibratedWarning { lines.append("warning: " + warning) }
        if !resolution.calibration.isEmpty { lines.append(resolution.calibration.summary) }
        return lines
    }
}
