import BodyReadings
import Fusion
import ReadingFormats

/// `bodyreadings fuse [FILE|-]`: fuses a recording into attitude, gravity and user acceleration, streaming.
enum FuseCommand {
    static let command = Command(
        spec: CommandSpec(
            name: "fuse",
            overview: "Fuse a recording (CSV of accelerometer, gyroscope, optional magnetometer) into device motion.",
            positionals: [
                PositionalSpec(
                    "file", help: "The recording to read, or '-' for stdin (the default).", optional: true,
                    kind: .file)
            ],
            options: [
                .noMagnetometer,
                .offline,
                .format.described(
                    "Output format: csv or jsonl.", among: MotionOutputFormat.optionValues, default: "csv"),
                .interval.described(
                    "Print one estimate per SECONDS of recording time, the row nearest each point of a grid anchored "
                        + "at the first row, as stream --interval does; 0: every row.", default: "0"),
                .units.described("Acceleration units: si (m/s²) or g."),
                .output,
            ] + CalibrationOptions.forRecording,
            discussion: """
                INPUT: a header line naming the columns t,accel_x,accel_y,accel_z,anglvel_x,anglvel_y,anglvel_z and \
                optionally magn_x,magn_y,magn_z (SI units, device frame, t in seconds strictly increasing; other \
                columns are ignored), then one row per sample: what 'bodyreadings record' writes.

                OUTPUT: one row per input row (unless --interval), columns t,attitude_w,attitude_x,attitude_y,\
                attitude_z,rotation_rate_x,rotation_rate_y,rotation_rate_z,gravity_x,gravity_y,gravity_z,\
                user_acceleration_x,user_acceleration_y,user_acceleration_z. Reads and writes as it goes: memory \
                stays constant whatever the length of the recording.

                OFFLINE: --offline reads the whole recording, runs the filter backwards and forwards to learn the \
                gyroscope bias from both sides, and filters the accelerometer and magnetometer without lag \
                (forwards, then backwards). Same output format; nothing is written until the input has ended. \
                Memory: about 185 bytes per sample (an hour at 200 Hz: 133 MB).

                CALIBRATION: a recording is calibrated already (what 'record' writes) and is fused as recorded. \
                A recording made with 'record --no-calibration' is corrected with --calibration FILE (named on \
                stderr); a FILE that cannot be used (missing, unreadable, corrupt, truncated, another version) is \
                an error before anything is written, since the fused output would silently be wrong without it.

                EXAMPLES:
                  bodyreadings fuse walk.csv > motion.csv
                  bodyreadings record - --duration 10 | bodyreadings fuse --format jsonl --interval 0.1
                  bodyreadings fuse --offline walk.csv > smoothed.csv
                  bodyreadings fuse raw.csv --calibration ~/.config/bodyreadings/calibration/imu.json

                EXIT STATUS: 0 ok, 64 usage error, 65 malformed recording (the message names the line) or \
                malformed --calibration FILE, 74 file not readable or output not writable, 77 --calibration FILE \
                not permitted, 130 interrupted (Ctrl-C). An output FILE is replaced only when fusing succeeded: \
                after a failure it is left as it was (a new FILE keeps the rows before the failure); an output that \
                is the recording or the calibration file (also through a link) is refused (64).
                """
        ),
        run: run
    )

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> ExitCode {
        // 1. Options.
        let format = try arguments.choice(.format)
            .flatMap(MotionOutputFormat.init(rawValue:)) ?? .csv
        let units = try arguments.choice(.units)
            .flatMap(MotionOutputUnits.init(rawValue:)) ?? .si
        let interval = try arguments.number(.interval, in: 0...86_400)
        let useMagnetometer = !arguments.has(.noMagnetometer)
        let path = arguments.positionals.first ?? "-"

        // 2. Input and output: an output that is the recording or the calibration file is refused first.
        let output = try arguments.value(.output).map {
            try OutputFile(path: $0, inputs: [path] + (arguments.value(.calibration).map { [$0] } ?? []))
        }
        let calibration = try CalibrationOptions.resolve(forRecordingWith: arguments, console: console)
        let reader = path == "-"
            ? try RecordingReader(fileDescriptor: 0, source: "<stdin>", useMagnetometer: useMagnetometer)
            : try RecordingReader(path: path, useMagnetometer: useMagnetometer)
        let writer = output.map { file in
            MotionOutputWriter(format: format, units: units, sink: { try file.write($0) })
        } ?? MotionOutputWriter(format: format, units: units, console: console)

        // 3. Fuse as we read, or read everything and smooth. A failure or Ctrl-C leaves an existing output file as
        //    it was (a new one with the rows before the failure).
        var consumer = MotionOutputConsumer(writer: writer)
        let report = try OutputFile.abandoningOnFailure(output, flush: writer.flush) {
            try writer.writeHeader()
            let input = RecordingInput(reader: reader, calibration: calibration)
            let settings = PipelineSettings(captureInterval: interval, updateInterval: interval)
            let report = arguments.has(.offline)
                ? try run(Pipeline(input: input, processor: AttitudeSmoother(), settings: settings), into: &consumer,
                    console: console)
                : try run(Pipeline(input: input, processor: AttitudeFilter(), settings: settings), into: &consumer,
                    console: console)
            if report.ending == .cancelled {
                throw CLIError("interrupted before the end of \(reader.source)", exitCode: .interrupted)
            }
            try output?.close()
            return report
        }
        if report.elements == 0 {
            console.warning("\(reader.source) has a header but no samples; nothing to fuse")
        }
        consumer.warnRejected(console: console, of: report.updates)
        return .ok
    }

    /// Runs `pipeline` (one specialisation per processor).
    static func run<Processor: ReadingProcessor>(
        _ pipeline: Pipeline<RecordingInput, Processor>, into consumer: inout MotionOutputConsumer, console: Console
    ) throws -> PipelineReport where Processor.Output == MotionEstimate {
        var pipeline = pipeline
        return try pipeline.run(into: &consumer, console: console, emergency: {})
    }
}
