import BodyReadings

/// The `--source` family of options shared by `stream` and `record`, and the translation of capture failures into
/// one-line CLI errors with sysexits statuses.
enum SourceOptions {
    /// `--source iio|sim|replay:FILE`.
    static let source = OptionSpec(
        ["--source"], value: "SOURCE",
        help: "Where samples come from: iio (default: this machine's sensors, see --uri), sim (built-in simulated IMU), "
            + "replay:FILE (a recording).")
    /// `--seed N` for `--source sim`.
    static let seed = OptionSpec(["--seed"], value: "N", help: "Seed of the simulated IMU's errors (default 1).")
    /// `--fast` for `sim` and `replay:`.
    static let fast = OptionSpec(
        ["--fast"], help: "With sim or replay:FILE, run as fast as possible instead of in real time.")

    /// Every option of the family, `--uri` included.
    static let all: [OptionSpec] = [source, .uri, seed, fast]

    /// The source the options name.
    static func specification(_ arguments: ParsedArguments) throws(CLIError) -> MotionSourceSpecification {
        var seed: UInt64?
        if let text = arguments.value("--seed") {
            guard let value = UInt64(text) else {
                throw .usage("option '--seed' needs a whole number ≥ 0, not '\(text)'", command: arguments.command)
            }
            seed = value
        }
        switch MotionSourceSpecification.parse(
            arguments.value("--source"), uri: arguments.value("--uri"), seed: seed, fast: arguments.has("--fast"))
        {
        case .success(let specification):
            return specification
        case .failure(let failure):
            throw .usage(failure.message, command: arguments.command)
        }
    }

    /// `--interval SECONDS`: finite, positive, at most a minute; checked against the source's fastest rate later.
    static func interval(_ arguments: ParsedArguments, default defaultValue: Double = 0.1) throws(CLIError) -> Double {
        guard let interval = try arguments.double("--interval") else { return defaultValue }
        guard interval > 0, interval <= 60 else {
            throw .usage(
                "option '--interval' must be more than 0 and at most 60 seconds, not \(arguments.value("--interval") ?? "")",
                command: arguments.command)
        }
        return interval
    }

    /// Refuses an interval shorter than one period of the source's fastest sampling rate.
    static func check(interval: Double, against info: MotionSourceInfo, command: String) throws(CLIError) {
        guard let rate = info.maximumSampleRate, rate > 0, interval < 1 / rate - 1e-12 else { return }
        throw .usage(
            "--interval \(interval) is shorter than the sensor allows (at most \(rate) Hz: --interval ≥ \(1 / rate))",
            command: command)
    }
}

extension CaptureError: CLIErrorConvertible {
    /// The one-line message and the sysexits status for the failure's kind.
    public var cliError: CLIError {
        let status: ExitCode
        switch kind {
        case .notFound, .vanished, .busy: status = .unavailable
        case .permissionDenied: status = .noPermission
        case .malformedInput: status = .dataError
        case .io: status = .ioError
        case .invalidRequest: status = .usage
        case .internalError: status = .software
        }
        return CLIError(message, exitCode: status)
    }
}
