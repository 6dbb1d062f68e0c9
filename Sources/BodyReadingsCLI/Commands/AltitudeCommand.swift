import BodyReadings
import ReadingFormats
import Sensors

/// `bodyreadings altitude [FILE|-]`: relative altitude from a barometer and the floors climbed while walking, live
/// from an IIO barometer (with the accelerometer, when there is one, for walking), from a recording or from the
/// simulated building.
enum AltitudeCommand {
    static let command = Command(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "altitude",
        overview: "Relative altitude from a barometer, and the floors climbed while walking.",
        positionals: [
            PositionalSpec(
                "file", help: "A recording t,pressure[,temperature] to read ('-' for stdin); without it, a live source (--source).",
                optional: true, kind: .file)
        ],
        options: [
            .source, .uri, .seed,
            .duration.described("Stop after this many seconds of input."),
            .floorHeight,
            .format,
        ],
        discussion: """
            LIVE: --source iio (default, with --uri for another context) reads the first barometer (an IIO device \
            with a pressure channel: bmp280, bme280, dps310, lps22hb, …): its rate is set to the lowest it offers \
            from 25 Hz and its pressure oversampling to the highest up to ×16 where the driver lets them be set, \
            both restored on every exit; it is polled at that rate (20 Hz when the driver has no rate). The \
            accelerometer, when the context has one, is read beside it for the walking that floors need. Stops on \
            Ctrl-C or SIGTERM, after --duration, or when stdout is closed.

            FILE: a CSV whose header holds t (s) and pressure (kPa, IIO's unit), optionally temperature (°C, the \
            sensor's); other columns are ignored. --source sim: a simulated BMP280 and accelerometer in a building \
            (4 minutes: stairs 2 floors up, the lift 2 down, a door slam, 1 floor down and up again), computed at \
            once. --source serve: a running service's barometer (its filtered pressure, without a temperature: \
            15 °C is assumed) and accelerometer, live, until interrupted or --duration.

            OUTPUT: one row per pressure sample, t,pressure,relative_altitude: the time (s), the filtered pressure \
            (kPa) and the height above the first sample (m, by the barometric formula at the sensor's \
            temperature, or 15 °C without one; weather moves it too, ≈ 8 m per hPa). --format jsonl ends with \
            {"summary":{"samples":N,"duration":…,"relative_altitude":…,"floors_ascended":N,"floors_descended":N}}: \
            a floor (--floor-height) counts only when climbed while walking (the step detector's steps on the \
            accelerometer), never in a lift or from a door at rest; the floors are null without an accelerometer \
            (a recording, a barometer alone).

            EXAMPLES:
              bodyreadings altitude
              bodyreadings altitude --source sim --format jsonl
              bodyreadings altitude pressure.csv > altitude.csv
              bodyreadings altitude --source serve --duration 60

            EXIT STATUS: 0 done; 64 bad option; 65 malformed recording (the message names the line); 69 no \
            barometer (or a source that has none: replay:, a service without one), device busy or vanished; 74 \
            file not readable; 77 permission denied (see udev/60-bodyreadings.rules).
            """
    )

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> ExitCode {
        let duration = try arguments.double(.duration, in: 0.000_001...1e9)
        var flights = FlightCounter.Settings()
        flights.floorHeight = try arguments.number(.floorHeight, in: 0.5...10)
        let live = arguments.positionals.isEmpty
        let chosen = try arguments.choice(.format)
        let format = chosen ?? (live && console.outputIsTerminal ? "human" : "csv")
        let settings = PipelineSettings(captureInterval: 0.1, duration: duration, log: console.captureLog)
        let processor = AltitudeProcessor(flights: flights)

        if let path = arguments.positionals.first {
            try SourceOptions.refuseBesideFile(arguments)
            let reader = try PressureRecordingReader(RecordingSource(argument: path))
            let pipeline = Pipeline(
                input: PressureRecordingInput(reader: reader), processor: processor, settings: settings)
            let report = try EventOutput.run(pipeline, format: format, count: nil, console: console).report
            if report.elements == 0 { console.warning("\(reader.source) has a header but no pressure samples") }
            return .ok
        }
        let specification = try SourceOptions.specification(arguments)
        if case .simulated(let seed, _) = specification {
            let pipeline = Pipeline(input: SimulatedBuildingInput(seed: seed), processor: processor, settings: settings)
            _ = try EventOutput.run(pipeline, format: format, count: nil, console: console)
            return .ok
        }
        let source = try SourceOptions.open(specification, environment: console.environment)
        guard source.info.hasBarometer else {
            source.stop()
            throw CLIError(
                "\(source.info.name) has no barometer (an IIO device with a pressure channel, e.g. bmp280, dps310, "
                    + "lps22hb); read a recording (t,pressure[,temperature]) or use '--source sim'",
                exitCode: .unavailable)
        }
        let readings: Set<SensorReading.Kind> = source.info.hasAccelerometer ? [.pressure, .accelerometer] : [.pressure]
        let capture = PipelineSettings(
            captureInterval: 0.1, duration: duration, readings: readings, log: console.captureLog)
        let pipeline = Pipeline(
            input: SourceInput(source: source, assembler: StepAssembler()), processor: processor, settings: capture)
        let (report, _) = try EventOutput.run(pipeline, format: format, count: nil, console: console) {
            source.stop()
        }
        StreamCommand.report(report, console: console, what: "altitude readings")
        try StreamCommand.requireSamples(report)
        return .ok
    }

}
