import BodyReadings

/// The options that choose and correct the samples: the source family (`--source`, `--seed`, `--fast`), the
/// calibration pair and the step counter.
extension OptionSpec {
    /// `--source iio|sim|replay:FILE|serve[:SOCKET]`.
    static let source = OptionSpec(
        ["--source"], value: "SOURCE", kind: .source,
        help: "Where samples come from: iio (default: this machine's sensors, see --uri), sim (built-in simulated IMU), "
            + "replay:FILE (a recording), serve or serve:SOCKET (a running 'bodyreadings serve').")
    /// `--seed N` for `--source sim`.
    static let seed = OptionSpec(
        ["--seed"], value: "N", kind: .wholeNumber, default: String(SourceOptions.defaultSeed),
        help: "Seed of the simulated IMU's errors.")
    /// `--fast` for `sim` and `replay:`.
    static let fast = OptionSpec(
        ["--fast"], help: "With sim or replay:FILE, run as fast as possible instead of in real time.")
    /// `--calibration FILE` for sensor sources.
    static let calibration = OptionSpec(
        ["--calibration"], value: "FILE", kind: .file,
        help: "Apply this calibration file to every sensor (default: each sensor's stored calibration, see "
            + "'calibrate show'; none for replay:). A named file that cannot be used is an error (exit 65/74/77).")
    /// `--no-calibration` for sensor sources.
    static let noCalibration = OptionSpec(
        ["--no-calibration"], help: "Apply no calibration: raw data (what 'calibrate' needs from a recording).")
    /// `--counter auto|hardware|software`, for `steps`, `serve` and `dashboard`.
    static let counter = OptionSpec(
        ["--counter"], value: "COUNTER", kind: .choice(StepCounterChoice.allCases.map(\.rawValue)),
        default: StepCounterChoice.automatic.rawValue,
        help: "Which counter counts steps: auto (default: the hardware step counter when there is one), hardware or "
            + "software (the step detector on the accelerometer).")
}
