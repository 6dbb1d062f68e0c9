import BodyReadings
import ReadingFormats

/// `bodyreadings heart-rate [FILE|-]`: heartbeats and heart rate from a pulse (PPG) sensor, live or from a
/// recording.
enum HeartRateCommand {
    static let command = Command(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "heart-rate",
        overview: "Detect heartbeats and the heart rate in a pulse (PPG) signal, live or from a recording.",
        positionals: [
            PositionalSpec(
                "file", help: "A PPG recording to read ('-' for stdin); without it, a live source (--source).",
                optional: true, kind: .file)
        ],
        options: SourceOptions.all + [
            .duration.described("Stop after this many seconds of signal."),
            .count.described("Stop after N beats."),
            .format.described("human (default live on a terminal: one live line), csv (default otherwise) or jsonl."),
        ],
        discussion: """
            LIVE: reads the pulse sensor of --source: iio (default; max30100, max30102, max30105, afe4403 or \
            afe4404 through libiio, --uri for another context), sim (a simulated finger at about 72 beats/min with \
            breathing, drift and motion-artefact bursts) or replay:FILE (the PPG columns of a recording). Stops on \
            Ctrl-C or SIGTERM, after --duration or --count, or when stdout is closed, and restores the device.

            FILE: a CSV whose header holds t (seconds, increasing) and a PPG column: ppg (a pulse wave rising at \
            systole, as a pulse oximeter exports it) or, as 'record' writes them, ppg_ir, ppg_red or ppg_green (the \
            sensor's light intensities, which fall at systole); the first of ppg, ppg_ir, ppg_red, ppg_green is read, \
            other columns are ignored. A row with an empty PPG field has no sample.

            OUTPUT: one row per detected beat, t,heart_rate,rr_interval,quality: the beat's time (s), the smoothed \
            heart rate (beats/min), the time since the previous beat (s) and good, irregular or poor. Only good \
            beats carry a heart rate; an empty field (null in jsonl) means the signal could not give one (finger \
            off, motion, an irregular beat), never a guess. --format jsonl ends with \
            {"summary":{"beats":N,"mean_heart_rate":…,"duration":…}}, also after Ctrl-C. On a terminal the live \
            line shows the heart rate (-- when there is none) and the signal's state.

            EXAMPLES:
              bodyreadings heart-rate
              bodyreadings heart-rate --source sim --duration 60 --format jsonl
              bodyreadings heart-rate recording.csv > beats.csv
              bodyreadings record - --duration 60 | bodyreadings heart-rate -

            EXIT STATUS: 0 done; 64 bad option; 65 malformed recording (the message names the line); 69 no pulse \
            sensor, device busy or vanished; 74 file not readable; 77 permission denied (see \
            udev/60-bodyreadings.rules).
            """
    )

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> ExitCode {
        let duration = try arguments.double(.duration, in: 0.000_001...1e9)
        let count = try arguments.integer(.count, in: 1...Int.max)
        let live = arguments.positionals.isEmpty
        let chosen = try arguments.choice(.format)
        let format = chosen ?? (live && console.outputIsTerminal ? "human" : "csv")
        let settings = PipelineSettings(
            captureInterval: 0.1, duration: duration, readings: [.ppg], log: console.captureLog)
        if let path = arguments.positionals.first {
            try SourceOptions.refuseBesideFile(arguments)
            let reader = try PPGRecordingReader(RecordingSource(argument: path))
            let pipeline = Pipeline(input: PPGRecordingInput(reader: reader), processor: HeartRateProcessor(), settings: settings)
            let (report, beats) = try EventOutput.run(pipeline, format: format, count: count, console: console)
            if report.elements == 0 {
                console.warning("\(reader.source) has a header but no PPG samples; no beats")
            } else if beats == 0 {
                console.warning("no beat found in \(reader.source) (\(report.elements) samples of \(reader.column))")
            }
            return .ok
        }
        let source = try SourceOptions.open(SourceOptions.specification(arguments), environment: console.environment)
        guard source.info.hasPPG else {
            throw CLIError(
                "\(source.info.name) has no pulse sensor (max30100, max30102, max30105, afe4403, afe4404); "
                    + "try '--source sim' for the simulated one", exitCode: .unavailable)
        }
        let input = SourceInput(source: source, assembler: PPGAssembler())
        let pipeline = Pipeline(input: input, processor: HeartRateProcessor(), settings: settings)
        let (report, beats) = try EventOutput.run(
            pipeline, format: format, count: count, console: console
        ) { source.stop() }
        return try StreamCommand.conclude(report, console: console, what: "beats", count: beats)
    }

}
