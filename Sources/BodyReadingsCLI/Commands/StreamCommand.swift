import BodyReadings
import Fusion
import MotionMath
import ReadingFormats
import Sensors
import TextFormats

/// `bodyreadings stream`: fused device motion at an update interval, to stdout, until stopped.
enum StreamCommand {
    static let command = Command(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "stream",
        overview: "Stream fused device motion (attitude, rotation rate, gravity, user acceleration) to stdout.",
        options: SourceOptions.all + [
            .interval.described("Seconds between updates, down to one sample period of the sensor."),
            .duration,
            .count,
            .format,
            .units,
            .raw,
        ] + CalibrationOptions.all,
        discussion: """
            Stops on Ctrl-C or SIGTERM, after --duration or --count, at the end of a replayed recording, or when \
            stdout is closed; it then restores every sysfs value it changed and exits 0. A second Ctrl-C exits at \
            once (after restoring). Overruns (samples lost between sensor and reader) are reported on stderr and, \
            with --format jsonl, in a final {"summary":…} line.

            CALIBRATION: each sensor's stored calibration (see 'calibrate show') is applied and named on stderr; \
            a stored file that cannot be used is reported and the data flow uncalibrated (exit status unchanged). \
            A replayed recording is used as recorded. --calibration FILE applies that file instead (an unusable \
            FILE is an error: 65 malformed, 74 missing or unreadable, 77 permission denied); --no-calibration \
            applies none.

            EXAMPLES:
              bodyreadings stream
              bodyreadings stream --interval 0.02 --format jsonl | jq .gravity
              bodyreadings stream --source sim --seed 3 --count 50
              bodyreadings stream --source replay:raw.csv --fast --calibration imu.json
              bodyreadings stream --uri ip:192.168.1.20 --duration 10 > motion.csv

            EXIT STATUS: 0 stopped; 64 bad option; 65 malformed recording or --calibration FILE; 69 no IMU, \
            device busy or vanished; 74 --calibration FILE missing or unreadable; 77 permission denied (see \
            udev/60-bodyreadings.rules).
            """
    )

    /// What the user asked for.
    struct Request {
        var source: MotionSourceSpecification
        var interval: Double
        var duration: Double?
        var count: Int?
        var format: String
        var units: MotionOutputUnits
        var raw: Bool
    }

    static func request(_ arguments: ParsedArguments, console: Console) throws(CLIError) -> Request {
        let format = try arguments.choice(.format) ?? (console.outputIsTerminal ? "human" : "csv")
        let units = try arguments.choice(.units).flatMap(
            MotionOutputUnits.init(rawValue:)) ?? .si
        let raw = arguments.has(.raw)
        if raw, let asked = arguments.value(.format), asked != "csv" {
            throw .usage("--raw writes the recording format (CSV); drop --format \(asked)", command: "stream")
        }
        if raw { try arguments.refuse([.units], for: "--raw (the recording format is in SI units)") }
        return Request(
            source: try SourceOptions.specification(arguments),
            interval: try SourceOptions.interval(arguments),
            duration: try arguments.double(.duration, in: 0.000_001...1e9),
            count: try arguments.integer(.count, in: 1...Int.max),
            format: raw ? "csv" : format, units: units, raw: raw)
    }

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> ExitCode {
        let request = try request(arguments, console: console)
        let source = try SourceOptions.open(request.source, environment: console.environment)
        try requireAccelerometer(source.info, command: "stream")
        try SourceOptions.check(interval: request.interval, against: source.info, command: "stream")
        let correction = try CalibrationOptions.correction(for: source, arguments, console: console)
        let input = SourceInput(source: source, correction: correction)
        var settings = PipelineSettings(
            captureInterval: request.interval, updateInterval: request.interval, count: request.count,
            duration: request.duration, log: console.captureLog)
        let report: PipelineReport
        if request.raw {
            settings.updateInterval = 0
            let writer = RecordingWriter(includesMagnetometer: source.info.hasMagnetometer) { bytes in
                try console.write(bytes: bytes)
            }
            let rows = SourceInput(
                source: source, correction: correction, assembler: RecordingRowAssembler(includesPPG: false))
            var pipeline = Pipeline(input: rows, processor: Passthrough<RecordingRow>(), settings: settings)
            var consumer = RecordingConsumer(writer: writer, console: console)
            report = try pipeline.run(into: &consumer, console: console)
        } else if source.info.hasGyroscope {
            report = try fused(
                input: input, processor: AttitudeFilter(), request: request, settings: settings, console: console)
        } else {
            console.note(source.info.accelerometerOnlyNote)
            let readings = SourceInput(
                source: source, correction: correction, assembler: StepAssembler(keepsMagnetometer: true))
            report = try fused(
                input: readings, processor: TiltFilter(), request: request, settings: settings, console: console,
                measuresRotation: false)
        }
        return try conclude(report, console: console, what: request.raw ? "samples" : "updates")
    }

    /// Runs `processor` over `input` into the requested format: the live line, CSV, or JSON lines with a closing
    /// summary. `measuresRotation`: false for an accelerometer alone, whose unknown fields are expected.
    static func fused<Assembler: SampleAssembler, Processor: ReadingProcessor>(
        input: SourceInput<Assembler>, processor: Processor, request: Request, settings: PipelineSettings,
        console: Console, measuresRotation: Bool = true
    ) throws -> PipelineReport where Processor.Input == Assembler.Sample, Processor.Output == MotionEstimate {
        var pipeline = Pipeline(input: input, processor: processor, settings: settings)
        if request.format == "human" {
            var consumer = LiveMotionConsumer(
                view: LiveMotionView(interval: request.interval, units: request.units), console: console)
            let report = try pipeline.run(into: &consumer, console: console)
            // End the live line before the closing note goes to stderr on the same terminal.
            try? console.write("\n")
            try? console.flush()
            return report
        }
        let format: MotionOutputFormat = request.format == "jsonl" ? .jsonl : .csv
        let writer = MotionOutputWriter(format: format, units: request.units, console: console)
        try writer.writeHeader()
        var consumer = MotionOutputConsumer(writer: writer, measuresRotation: measuresRotation)
        let report = try pipeline.run(into: &consumer, console: console)
        if format == .jsonl, report.ending != .outputClosed {
            try? console.write(
                summaryLine(
                    report.statistics, rows: report.updates,
                    rejected: consumer.rejectedAccelerometerReadings,
                    rejectedGyroscope: consumer.rejectedGyroscopeReadings) + "\n")
        }
        consumer.warnRejected(console: console, of: report.updates)
        return report
    }

    /// Device motion needs an accelerometer (and, for more than gravity, a gyroscope): without one, say so and what
    /// to try.
    static func requireAccelerometer(_ info: MotionSourceInfo, command: String) throws(CLIError) {
        guard !info.hasAccelerometer else { return }
        throw CLIError(
            "\(info.name) has no accelerometer: device motion needs one; try '--source sim' for the simulated IMU",
            exitCode: .unavailable)
    }

    /// Device motion needs an accelerometer and a gyroscope: say which is missing and what to try.
    static func requireDeviceMotion(_ info: MotionSourceInfo, command: String) throws(CLIError) {
        guard !info.hasDeviceMotion else { return }
        let missing = info.hasGyroscope ? "accelerometer" : "gyroscope"
        throw CLIError(
            "\(info.name) has no \(missing): device motion needs both; try '--source sim' for the simulated IMU",
            exitCode: .unavailable)
    }

    /// The closing stderr line: how many rows (`count`, else the updates delivered), why it stopped, what was lost.
    static func report(_ report: PipelineReport, console: Console, what: String, count: Int? = nil) {
        let why: String
        switch report.ending {
        case .count: why = "count reached"
        case .duration: why = "duration reached"
        case .endOfInput: why = "end of input"
        case .cancelled: why = "interrupted"
        case .finished: why = "done"
        case .outputClosed: why = "output closed"
        }
        console.note("stopped (\(why)) after \(count ?? report.updates) \(what); \(report.statistics.summary)")
    }

    /// A run that the wall-clock watchdog ended before the source delivered a single sample failed: the sensor or
    /// the service never answered, and an exit status of 0 with no rows would pass for a short recording.
    static func requireSamples(_ report: PipelineReport) throws(CLIError) {
        guard report.ending == .duration, report.elements == 0 else { return }
        throw CLIError(
            "the source delivered no samples within the duration and 1 s more; check that the sensor delivers data "
                + "('bodyreadings info', 'iio_readdev'), or with --source serve that the service's capture runs",
            exitCode: .unavailable)
    }

    /// The end of a run that wrote `count` `what`: its closing line, then exit 0 — or the error of a run that got no
    /// samples at all (`requireSamples`).
    static func conclude(_ report: PipelineReport, console: Console, what: String, count: Int? = nil) throws(CLIError)
        -> ExitCode
    {
        self.report(report, console: console, what: what, count: count)
        try requireSamples(report)
        return .ok
    }

    /// The final JSON line with the capture statistics; `rejected_accelerometer_readings` (rows whose user
    /// acceleration is unknown) and `rejected_gyroscope_readings` (rows whose rotation rate is unknown) only when
    /// there were any.
    static func summaryLine(
        _ statistics: CaptureStatistics, rows: Int, rejected: Int = 0, rejectedGyroscope: Int = 0
    ) -> String {
        var counts: [(String, Int)] = [
            ("updates", rows), ("overruns", statistics.overruns), ("missed_samples", statistics.missedSamples),
            ("dropped_readings", statistics.droppedReadings), ("buffer_overflows", statistics.bufferOverflows),
        ]
        if rejected > 0 { counts.append(("rejected_accelerometer_readings", rejected)) }
        if rejectedGyroscope > 0 { counts.append(("rejected_gyroscope_readings", rejectedGyroscope)) }
        return JSONValue.object([("summary", .object(counts.map { ($0.0, .number(Double($0.1))) }))]).rendered
    }
}
