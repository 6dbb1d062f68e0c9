import BodyReadings
import ReadingFormats

/// `bodyreadings record FILE`: every calibrated sample (raw with `--no-calibration`), in the recording format, to a
/// file that `fuse` reads; with a pulse sensor (unless `--no-ppg`), its readings too, for `heart-rate FILE`.
enum RecordCommand {
    static let command = Command(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "record",
        overview: "Record calibrated sensor samples to a file in the recording format (for fuse, replay:, calibrate).",
        positionals: [PositionalSpec("file", help: "The CSV file to write ('-' for stdout).", kind: .file)],
        options: SourceOptions.all + [
            .interval.described("The update interval the recording is for: it sets the sampling rate."),
            .duration,
            .count.described("Stop after N IMU samples (PPG rows do not count)."),
            .ppg,
            .noPPG,
        ] + CalibrationOptions.all,
        discussion: """
            Samples the sensors exactly as 'stream --interval SECONDS' does, so that \
            'bodyreadings fuse FILE --interval SECONDS' prints what stream printed. Stops like stream (Ctrl-C, \
            SIGTERM, --duration, --count, end of a replay) and restores the device.

            The recording is calibrated like stream's data: each sensor's stored calibration is applied and named \
            on stderr (a stored file that cannot be used is reported and the samples are recorded uncalibrated). \
            --no-calibration records raw data, which is what 'calibrate --source replay:FILE' needs; \
            --calibration FILE applies that file (an unusable FILE is an error: exit 65, 74 or 77).

            PULSE: when the source has a pulse (PPG) sensor (a max3010x or afe440x, a replayed recording with PPG \
            columns; sim's simulated finger only with --ppg, so that a simulated recording keeps one IMU sample per \
            row unless asked), its light intensities are recorded too, in the columns \
            ppg_red,ppg_ir,ppg_green after the IMU's (ADC counts as the sensor reports them; empty for an LED it \
            does not have). They get rows of their own at the pulse sensor's times, with the IMU fields empty \
            (a row of both when the two sampled at the same instant); IMU rows leave the PPG fields empty. fuse \
            and replay: skip the PPG rows for motion, 'heart-rate FILE' reads them. --no-ppg records the IMU \
            columns only.

            EXAMPLES:
              bodyreadings record walk.csv --duration 30
              bodyreadings record sim.csv --source sim --seed 2 --fast --duration 60
              bodyreadings record - --source sim --ppg --fast --duration 60 | bodyreadings heart-rate -
              bodyreadings record --no-calibration still.csv --duration 30
            """
    )

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> ExitCode {
        let path = arguments.positionals[0]
        let specification = try SourceOptions.specification(arguments)
        let interval = try SourceOptions.interval(arguments)
        let duration = try arguments.double(.duration, in: 0.000_001...1e9)
        let count = try arguments.integer(.count, in: 1...Int.max)
        // The file is checked against the recording replayed and the calibration file before anything is opened.
        var inputs = arguments.value(.calibration).map { [$0] } ?? []
        if case .replay(let replayed, _) = specification { inputs.append(replayed) }
        let output = path == "-" ? nil : try OutputFile(path: path, inputs: inputs)
        let source = try SourceOptions.open(specification, environment: console.environment)
        try StreamCommand.requireDeviceMotion(source.info, command: "record")
        try SourceOptions.check(interval: interval, against: source.info, command: "record")
        let correction = try CalibrationOptions.correction(for: source, arguments, console: console)
        if arguments.has(.ppg), arguments.has(.noPPG) {
            throw CLIError.usage("--ppg and --no-ppg exclude each other; keep one", command: "record")
        }
        var recordsPPG = source.info.hasPPG && !arguments.has(.noPPG)
        if case .simulated = specification { recordsPPG = recordsPPG && arguments.has(.ppg) }
        let magnetometer = source.info.hasMagnetometer
        let writer: RecordingWriter
        if let output {
            writer = RecordingWriter(file: output, includesMagnetometer: magnetometer, includesPPG: recordsPPG)
        } else {
            writer = RecordingWriter(includesMagnetometer: magnetometer, includesPPG: recordsPPG) { bytes in
                try console.write(bytes: bytes)
            }
        }
        var pipeline = Pipeline(
            input: SourceInput(
                source: source, correction: correction, assembler: RecordingRowAssembler(includesPPG: recordsPPG)),
            processor: Passthrough<RecordingRow>(),
            settings: PipelineSettings(
                captureInterval: interval, duration: duration,
                readings: recordsPPG ? SensorReading.Kind.motion.union([.ppg]) : SensorReading.Kind.motion,
                log: console.captureLog))
        // The consumer counts: --count is of IMU samples, whatever the PPG rows between them.
        var consumer = RecordingConsumer(writer: writer, console: path == "-" ? console : nil, count: count)
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
        var shown = report
        if shown.ending == .finished { shown.ending = .count }
        return try StreamCommand.conclude(
            shown, console: console, what: recordsPPG ? "samples and the pulse sensor's readings" : "samples",
            count: consumer.samples)
    }
}
