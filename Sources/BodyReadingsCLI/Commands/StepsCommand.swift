import BodyReadings
import ReadingFormats

/// `bodyreadings steps [FILE|-]`: steps, cadence and activity from a hardware step counter or the accelerometer,
/// live or from a recording.
enum StepsCommand {
    static let command = Command(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "steps",
        overview: "Count steps, live or from a recording, with a hardware step counter or from the accelerometer.",
        positionals: [
            PositionalSpec(
                "file", help: "A recording to read ('-' for stdin); without it, a live source (--source).",
                optional: true, kind: .file)
        ],
        options: SourceOptions.all + [
            .counter,
            .interval.described(
                "How often a live source delivers its readings; steps carry their own times."),
            .duration.described("Stop after this many seconds of input."),
            .count.described("Stop after N steps."),
            .height,
            .stepLength,
            .format.described("human (default live on a terminal: one live line), csv (default otherwise) or jsonl."),
        ],
        discussion: """
            LIVE: reads --source: iio (default, with --uri for another context), sim (the simulated IMU, which \
            walks and runs with known steps in its demo), replay:FILE or serve. With a hardware step counter (an \
            IIO device with in_steps_input, e.g. bma400) --counter auto counts with it: the counter is enabled \
            (in_steps_en) for the run, polled at 10 Hz, its 24-bit wrap undone, and in_steps_en restored on every \
            exit. Otherwise the step detector counts from the accelerometer: any placement (hand, pocket, bag, \
            armband, swinging arm), any rate from 20 Hz; shaking, typing, a vehicle or a device set down are not \
            steps. With a barometer (an IIO device with a pressure channel: bmp280, dps310, lps22hb, …) it is read \
            beside them, as for 'bodyreadings altitude', and the summary has the floors climbed. Stops on Ctrl-C \
            or SIGTERM, after --duration or --count, or when stdout is closed.

            FILE: the recording format (t,accel_x,accel_y,accel_z,anglvel_x,…) or accelerometer only, \
            t,accel_x,accel_y,accel_z (seconds, m/s²); other columns are ignored but a barometer's pressure (kPa) \
            and temperature (°C), which add the floors climbed to the summary; rows whose accelerometer fields \
            are empty (PPG rows) have no sample.

            OUTPUT: one row per step, t,steps,cadence,activity: the step's time (s), the running count, the \
            cadence (steps/min) and walking or running. --format jsonl ends with \
            {"summary":{"steps":N,"duration":…,"cadence":…,"counter":"software|hardware"}} (with a barometer also \
            "floors_ascended" and "floors_descended"), also after Ctrl-C \
            (cadence: the mean while walking). A step is reported up to about 1 s after it happened (the first \
            steps of a walk when the walk is recognised, with their own times). The live line on a terminal shows \
            those first steps within 1 s, marked ~ and tentative until the walk's counted steps replace them \
            (or withdrawn when the motion was no walk); rows are counted steps only.

            EXAMPLES:
              bodyreadings steps
              bodyreadings steps --source sim --duration 120 --format jsonl
              bodyreadings steps walk.csv > steps.csv
              bodyreadings record - --duration 60 | bodyreadings steps -

            EXIT STATUS: 0 done; 64 bad option; 65 malformed recording (the message names the line); 69 no \
            accelerometer or step counter, device busy or vanished; 74 file not readable; 77 permission denied \
            (see udev/60-bodyreadings.rules).
            """
    )

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> ExitCode {
        let interval = try arguments.number(.interval, in: 0.001...60)
        let duration = try arguments.double(.duration, in: 0.000_001...1e9)
        let count = try arguments.integer(.count, in: 1...Int.max)
        let choice = try CounterOptions.choice(arguments)
        var detector = StepDetector.Settings()
        if arguments.has(.stepLength) {
            try arguments.refuse([.height], for: "--step-length (the height only sets the default step length)")
        }
        detector.height = try arguments.number(.height, in: 0.5...2.8)
        detector.stepLength = try arguments.double(.stepLength, in: 0.1...3)
        let live = arguments.positionals.isEmpty
        let chosen = try arguments.choice(.format)
        let format = chosen ?? (live && console.outputIsTerminal ? "human" : "csv")

        if let path = arguments.positionals.first {
            try SourceOptions.refuseBesideFile(arguments, others: [.interval])
            if choice == .hardware {
                throw CLIError.usage(
                    "a recording has no hardware step counter; drop --counter hardware", command: "steps")
            }
            let reader = try AccelerometerRecordingReader(RecordingSource(argument: path))
            let settings = PipelineSettings(captureInterval: interval, duration: duration, log: console.captureLog)
            let pipeline = Pipeline(
                input: AccelerometerRecordingInput(reader: reader),
                processor: StepProcessor(counter: .software, settings: detector), settings: settings)
            let (report, _) = try EventOutput.run(pipeline, format: format, count: count, console: console)
            if report.elements == 0 { console.warning("\(reader.source) has a header but no accelerometer samples") }
            return .ok
        }

        let source = try SourceOptions.open(SourceOptions.specification(arguments), environment: console.environment)
        guard let counter = choice.resolve(hasHardware: source.info.hasStepCounter) else {
            source.stop()
            throw CLIError(
                "\(source.info.name) has no hardware step counter (an IIO device with in_steps_input, e.g. bma400); "
                    + "use '--counter software' to count from the accelerometer", exitCode: .unavailable)
        }
        guard counter == .hardware || source.info.hasAccelerometer else {
            source.stop()
            throw CLIError(
                "\(source.info.name) has no accelerometer to count steps from; try '--source sim' for the "
                    + "simulated one", exitCode: .unavailable)
        }
        let settings = PipelineSettings(
            captureInterval: interval, duration: duration,
            readings: counter.readings.union(source.info.hasBarometer ? [.pressure] : []), log: console.captureLog)
        let pipeline = Pipeline(
            input: SourceInput(source: source, assembler: StepAssembler()),
            processor: StepProcessor(counter: counter, settings: detector), settings: settings)
        let (report, steps) = try EventOutput.run(
            pipeline, format: format, count: count, console: console
        ) { source.stop() }
        return try StreamCommand.conclude(report, console: console, what: "steps", count: steps)
    }

}
