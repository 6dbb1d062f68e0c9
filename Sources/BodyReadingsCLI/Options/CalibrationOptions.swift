import BodyReadings
import Calibration
import Sensors

/// `--calibration FILE` and `--no-calibration` for the commands that read sensors (`stream`, `record`) or recordings
/// (`fuse`): finds the calibration, says on stderr which file is applied, and handles files that cannot be used.
///
/// - A stored file (the sensor's file in the per-user or system store) that is corrupt, truncated, of another
///   version or another sensor, or unreadable: an error line naming the file, a warning, then uncalibrated data; the
///   exit status is unchanged.
/// - A file named with `--calibration FILE` that cannot be used: the command fails before reading any data, with the
///   file's message and exit 65 (bad content), 74 (missing or unreadable) or 77 (permission denied). The user asked
///   for that file: silently giving uncalibrated data instead would be worse than stopping.
/// - A recording (`--source replay:FILE`, `fuse`) is used as recorded — it is calibrated already unless it was
///   recorded with `--no-calibration` — and only `--calibration FILE` applies a calibration to it.
enum CalibrationOptions {
    /// Both, for `stream` and `record`.
    static let all: [OptionSpec] = [.calibration, .noCalibration]

    /// Both, for `fuse`: a recording is used as recorded unless a file is named.
    static let forRecording: [OptionSpec] = [
        .calibration.described(
            "Correct the recording with this calibration file (for one made with 'record --no-calibration'). "
                + "A file that cannot be used is an error (exit 65/74/77)."),
        .noCalibration.described("Use the recording as recorded (the default)."),
    ]

    /// The correction for `source`, or nil when none applies. Store lookup uses the environment's store.
    static func correction(
        for source: any MotionSource, _ arguments: ParsedArguments, console: Console
    ) throws(CLIError) -> ReadingCorrection? {
        guard let calibration = try resolve(for: source, arguments, console: console) else { return nil }
        return calibration.readingCorrection
    }

    /// The calibration for `source` (nil: none), with its notes, errors and warnings written to stderr. Throws
    /// when the options conflict or the file `--calibration` names cannot be used.
    static func resolve(
        for source: any MotionSource, _ arguments: ParsedArguments, console: Console
    ) throws(CLIError) -> SensorCalibration? {
        if arguments.has(.noCalibration) {
            if arguments.has(.calibration) {
                throw .usage("--calibration and --no-calibration exclude each other", command: arguments.command)
            }
            return nil
        }
        let explicitPath = arguments.value(.calibration)
        let resolution = SensorCalibration.resolve(
            for: source, explicitPath: explicitPath, store: CalibrationStore(environment: console.environment))
        if explicitPath != nil, let problem = resolution.problems.first {
            throw problem.cliError
        }
        for note in resolution.notes { console.note("note: \(note)") }
        for problem in resolution.problems { console.error(problem.cliError.message) }
        if let warning = resolution.uncalibratedWarning { console.warning(warning) }
        let calibration = resolution.calibration
        guard !calibration.isEmpty else { return nil }
        console.note(calibration.summary)
        return calibration
    }

    /// For a recording read without a source (`fuse FILE`): only `--calibration FILE` applies (a recording is
    /// already calibrated unless it was made with `--no-calibration`). Throws when the file cannot be used.
    static func resolve(forRecordingWith arguments: ParsedArguments, console: Console) throws(CLIError)
        -> SensorCalibration?
    {
        if arguments.has(.noCalibration), arguments.has(.calibration) {
            throw .usage("--calibration and --no-calibration exclude each other", command: arguments.command)
        }
        guard let path = arguments.value(.calibration) else { return nil }
        let file: CalibrationFile
        do {
            file = try CalibrationStore.read(path: path)
        } catch {
            throw error.cliError
        }
        let calibration = SensorCalibration(file: file, path: path)
        guard !calibration.isEmpty else {
            console.warning("\(path) holds no calibration section: the recording is used as recorded")
            return nil
        }
        console.note(calibration.summary)
        return calibration
    }
}
