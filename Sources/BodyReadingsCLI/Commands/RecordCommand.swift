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
        // The file is checked against the recording replayed and the calibration file before anything is opened.
        var inputs = arguments.value("--calibration").map { [$0] } ?? []
        if case .replay(let replayed, _) = specification { inputs.append(replayed) }
        let output = path == "-" ? nil : try OutputFile(path: path, inputs: inputs)
        let source = try SourceOptions.open(specification)
        try StreamCommand.requireDeviceMotion(source.info, command: "record")
        try SourceOptions.check(interval: interval, against: source.info, command: "record")
        let correction = try CalibrationOptions.correction(for: source, arguments, console: console)
        let writer: RecordingWriter
        if let output {
            writer = RecordingWriter(file: output, includesMagnetometer: source.info.hasMagnetometer)
        } else {
            writer = RecordingWriter(includesMagnetometer: source.info.hasMagnetometer) { bytes in
                try console.write(bytes: bytes)
            }
        }
        var pipeline = Pipeline(
            input: SourceInput(source: source, correction: correction), processor: Passthrough<IMUSample>(),
            settings: PipelineSettings(
                captureInterval: interval, count: count, duration: duration, log: console.captureLog))
        var consumer = RecordingConsumer(writer: writer, console: path == "-" ? console : nil)
        // Stopping (Ctrl-C, --duration, the end of a replay) finishes the file; a failure keeps an existing file as
        // it was and a new one with the samples before it.
        let report = try OutputFile.abandoningOnFailure(output, flush: writer.flush) {
            let report = try pipeline.run(into: &consumer, console: console)
            do {
                try writer.close()
            } catch {
                throw CLIError("could not finish writing '\(path)': \(error)", exitCode: .ioError)
            }
            return report
        }
        StreamCommand.report(report, console: console, what: "samples")
        return .ok
    }
}
