import BodyReadings
import MotionMath
import ReadingFormats

/// `bodyreadings record FILE`: every calibrated sample (raw with `--no-calibration`), in the recording format, to a
/// file that `fuse` reads.
enum RecordCommand {
    static let command = Command(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "record",
        overview: "Record calibrated sensor samples to a file in the recording format (for fuse, replay:, calibrate).",
        positionals: [PositionalSpec("file", help: "The CSV file to write ('-' for stdout).")],
        options: SourceOptions.all + [
            OptionSpec(
                ["--interval"], value: "SECONDS",
                help: "The update interval the recording is for: it sets the sampling rate (default 0.1)."),
            OptionSpec(["--duration"], value: "SECONDS", help: "Stop after this many seconds."),
            OptionSpec(["--count"], value: "N", help: "Stop after N samples."),
        ] + CalibrationOptions.all,
        discussion: """
            Samples the sensors exactly as 'stream --interval SECONDS' does, so that \
            'bodyreadings fuse FILE --interval SECONDS' prints what stream printed. Stops like stream (Ctrl-C, \
            SIGTERM, --duration, --count, end of a replay) and restores the device.

            The recording is calibrated like stream's data: each sensor's stored calibration is applied and named \
            on stderr (a stored file that cannot be used is reported and the samples are recorded uncalibrated). \
            --no-calibration records raw data, which is what 'calibrate --source replay:FILE' needs; \
            --calibration FILE applies that file (an unusable FILE is an error: exit 65, 74 or 77).

            EXAMPLES:
              bodyreadings record walk.csv --duration 30
              bodyreadings record sim.csv --source sim --seed 2 --fast --duration 60
              bodyreadings record --no-calibration still.csv --duration 30
            """
    )

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> ExitCode {
        let path = arguments.positionals[0]
        let specification = try SourceOptions.specification(arguments)
        let interval = try SourceOptions.interval(arguments)
        let duration = try arguments.double("--duration", in: 0.000_001...1e9)
        let count = try arguments.integer("--count", in: 1...Int.max)
        let source = try SourceOptions.open(specification)
        try StreamCommand.requireDeviceMotion(source.info, command: "record")
        try SourceOptions.check(interval: interval, against: source.info, command: "record")
        let correction = try CalibrationOptions.correction(for: source, arguments, console: console)
        let writer: RecordingWriter
        if path == "-" {
            writer = RecordingWriter(includesMagnetometer: source.info.hasMagnetometer) { bytes in
                try console.write(bytes: bytes)
            }
        } else {
            do {
                writer = try RecordingWriter(path: path, includesMagnetometer: source.info.hasMagnetometer)
            } catch {
                throw CLIError(error.description, exitCode: .ioError)
            }
        }
        var pipeline = Pipeline(
            input: SourceInput(source: source, correction: correction), processor: Passthrough<IMUSample>(),
            settings: PipelineSettings(
                captureInterval: interval, count: count, duration: duration, log: console.captureLog))
        var consumer = RecordingConsumer(writer: writer, console: path == "-" ? console : nil)
        let report = try pipeline.run(into: &consumer, console: console)
        do {
            try writer.close()
        } catch {
            throw CLIError("could not finish writing '\(path)': \(error)", exitCode: .ioError)
        }
        StreamCommand.report(report, console: console, what: "samples")
        return .ok
    }
}
