import BodyReadings

/// `--calibration FILE` and `--no-calibration` for the commands that read sensors (`stream`, `record`) or recordings
/// (`fuse`): finds the calibration, says on stderr which file is applied, and reports unusable files as errors
/// naming the file before continuing with uncalibrated data and a warning.
enum CalibrationOptions {
    /// `--calibration FILE`.
    static let calibration = OptionSpec(
        ["--calibration"], value: "FILE",
        help: "Apply this calibration file (default: each sensor's stored calibration, see 'calibrate show').")
    /// `--no-calibration`.
    static let noCalibration = OptionSpec(
        ["--no-calibration"], help: "Apply no calibration: raw data (what 'calibrate' needs from a recording).")
    /// Both.
    static let all = [calibration, noCalibration]

    /// The correction for `source`, or nil when none applies. Store lookup uses the environment's store.
    static func correction(
        for source: any MotionSource, _ arguments: ParsedArguments, console: Console
    ) throws(CLIError) -> ReadingCorrection? {
        guard let calibration = try resolve(for: source, arguments, console: console) else { return nil }
        return calibration.readingCorrection
    }

    /// The calibration for `source` (nil: none), with its notes, errors and warnings written to stderr.
    static func resolve(
        for source: any MotionSource, _ arguments: ParsedArguments, console: Console
    ) throws(CLIError) -> SensorCalibration? {
        if arguments.has("--no-calibration") {
            if arguments.has("--calibration") {
                throw .usage("--calibration and --no-calibration exclude each other", command: arguments.command)
            }
            return nil
        }
        let resolution = SensorCalibration.resolve(
            for: source, explicitPath: arguments.value("--calibration"),
            store: CalibrationStore(environment: console.environment))
        for note in resolution.notes { console.note("note: \(note)") }
        for problem in resolution.problems { console.error(problem.description) }
        if !resolution.problems.isEmpty {
            console.warning("continuing without the calibration of the file(s) above: the data are uncalibrated")
        }
        let calibration = resolution.calibration
        guard !calibration.isEmpty else { return nil }
        console.note("calibration: " + calibration.descriptions.joined(separator: "; "))
        return calibration
    }

    /// For a recording read without a source (`fuse FILE`): only `--calibration FILE` applies (a recording is
    /// already calibrated unless it was made with `--no-calibration`).
    static func resolve(forRecordingWith arguments: ParsedArguments, console: Console) throws(CLIError)
        -> SensorCalibration?
    {
        if arguments.has("--no-calibration"), arguments.has("--calibration") {
            throw .usage("--calibration and --no-calibration exclude each other", command: arguments.command)
        }
        guard let path = arguments.value("--calibration") else { return nil }
        do {
            let file = try CalibrationStore.read(path: path)
            let calibration = SensorCalibration(file: file, path: path)
            console.note("calibration: " + calibration.descriptions.joined(separator: "; "))
            return calibration.isEmpty ? nil : calibration
        } catch {
            console.error(error.description)
            console.warning("continuing without calibration: the data are used as recorded")
            return nil
        }
    }
}
