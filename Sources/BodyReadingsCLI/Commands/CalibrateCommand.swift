import BodyReadings
import Calibration
import FoundationEssentials
import MotionMath
import ReadingFormats
import TextFormats

/// `bodyreadings calibrate gyro|accel|magnetometer|show|reset`: estimates a sensor's calibration from a recording
/// (still periods and poses found in the data, no prompts), stores it per sensor, shows and removes stored files.
enum CalibrateCommand {
    static let actions = ["gyro", "accel", "magnetometer", "show", "reset"]

    static let command = Command(
        spec: CommandSpec(
            name: "calibrate",
            overview: "Calibrate the gyroscope, accelerometer or magnetometer; show or reset stored calibrations.",
            positionals: [
                PositionalSpec("action", help: "gyro, accel, magnetometer, show or reset.", kind: .choice(actions))
            ],
            options: [
                .source.described(
                    "Where the samples come from: iio (default: guided, live), sim (the simulated IMU) or "
                        + "replay:FILE (a recording made with --no-calibration: no prompts)."),
                .fast,
                .seed,
                .uri,
                .duration.described(
                    "Live: gyro, how long to stay still (default: "
                        + "\(FixedDecimal.readable(GuidedGyroscope().stillSeconds)) s); magnetometer, longest "
                        + "rotation (default: until --timeout)."),
                .timeout,
                .sensor,
                .calibration.described("Read and write this calibration file instead of the per-user store."),
                .level,
                .free,
                .dryRun,
                .json,
            ],
            discussion: """
                ACTIONS:
                  gyro          Gyroscope bias and noise from the still periods (≥ 1 s) of the data.
                  accel         Accelerometer offset and 3×3 scale/misalignment from still poses: the six faces \
                (six-position method) or nine or more poses in any orientations (ellipsoid fit); with --level, \
                the offset alone from the device lying flat on a level table.
                  magnetometer  Hard and soft iron from free rotation through as many orientations as possible.
                  show          Print the stored calibration: every file in the store, or the one of --sensor, \
                --source or --calibration.
                  reset         Remove the stored calibration of --sensor, of the recording or of the sensors \
                of --source (default: this machine's IIO sensors), or the file --calibration.

                A new calibration is merged with the sensor's stored one (calibrating the gyroscope keeps the \
                accelerometer section) and written atomically to \
                $XDG_CONFIG_HOME/bodyreadings/calibration/ (default ~/.config/...); /etc/bodyreadings/calibration/ \
                is read after it. A calibration whose quality is poor is refused and nothing is written. The file \
                format and the procedures are documented in Calibration/README.md.

                Live (iio, sim), the command guides you on stderr: a progress bar on a terminal, one line per \
                quarter otherwise; it starts again when the device moves and gives up after --timeout. From a \
                recording (replay:FILE) it needs no prompts: still periods and poses are found in the data; the \
                recording must hold raw data (record it with --no-calibration).

                EXAMPLES:
                  bodyreadings calibrate gyro
                  bodyreadings calibrate accel --level
                  bodyreadings record --no-calibration --duration 60 faces.csv
                  bodyreadings calibrate accel --source replay:faces.csv --fast --sensor 'bmi160@platform/i2c-0/0-0068'
                  bodyreadings calibrate show --json
                  bodyreadings calibrate reset --sensor 'bmi160@platform/i2c-0/0-0068'

                EXIT STATUS: 0 ok, 1 nothing stored (show --sensor) or interrupted, 64 usage error, 65 the data cannot be \
                calibrated or a file is malformed, 69 live source unavailable, 74 I/O error, 77 permission denied.
                """
        ),
        run: run
    )

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> ExitCode {
        guard let action = arguments.positionals.first, actions.contains(action) else {
            throw CLIError.usage(
                "unknown action '\(arguments.positionals.first ?? "")': use gyro, accel, magnetometer, show or reset",
                command: "calibrate")
        }
        try checkOptions(action, arguments)
        let store = CalibrationStore(environment: console.environment)
        switch action {
        case "show": return try show(arguments, store: store, console: console)
        case "reset": return try reset(arguments, store: store, console: console)
        default: return try calibrate(action, arguments, store: store, console: console)
        }
    }

    // MARK: Sources and identity

    /// The recording path of `--source replay:FILE`, nil for live sources; usage errors for anything else.
    static func replayPath(_ arguments: ParsedArguments) throws(CLIError) -> String? {
        guard let source = arguments.value(.source) else { return nil }
        if source.hasPrefix("replay:") {
            let path = String(source.dropFirst("replay:".count))
            guard !path.isEmpty else {
                throw .usage("--source replay: needs a file, e.g. replay:still.csv", command: "calibrate")
            }
            if arguments.has(.uri) { throw .usage("--uri only applies to --source iio", command: "calibrate") }
            return path
        }
        guard source == "iio" || source == "sim" else {
            throw .usage("unknown source '\(source)': use iio, sim or replay:FILE", command: "calibrate")
        }
        return nil
    }

    /// The sensor identity: `--sensor`, else `replay:<file name>` for a recording.
    static func sensorIdentity(_ arguments: ParsedArguments) throws(CLIError) -> String? {
        if let sensor = arguments.value(.sensor) {
            guard !sensor.isEmpty else { throw .usage("--sensor needs a non-empty identity", command: "calibrate") }
            return sensor
        }
        return try replayPath(arguments).map { "replay:" + baseName($0) }
    }

    static func baseName(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }

    // MARK: Calibrating

    static func calibrate(
        _ action: String, _ arguments: ParsedArguments, store: CalibrationStore, console: Console
    ) throws -> ExitCode {
        _ = try SourceOptions.specification(arguments)
        guard let path = try replayPath(arguments) else {
            return try calibrateLive(action, arguments, store: store, console: console)
        }
        guard let sensor = try sensorIdentity(arguments) else { return .software }

        // 1. Read the recording (raw: recorded with --no-calibration).
        let reader = try RecordingReader(path: path, useMagnetometer: action == "magnetometer")
        var samples: [IMUSample] = []
        while let sample = try reader.next() { samples.append(sample) }
        let rejected = samples.count { !SampleBounds.accepts($0) }
        if let warning = RejectedSamples.warning(rejected, of: samples.count) { console.warning(warning) }

        // 2. Estimate; a refusal writes nothing.
        var file = CalibrationFile(sensor: sensor, tool: "bodyreadings \(BodyReadingsTool.version)")
        do {
            switch action {
            case "gyro":
                let segmenter = StillnessSegmenter()
                let segments = segmenter.segments(samples)
                guard !segments.isEmpty else {
                    throw CLIError(
                        "no still period of at least \(format(segmenter.settings.minimumDuration, 1)) s in \(path) "
                            + "(\(samples.count) samples); record with the device lying untouched on a steady surface",
                        exitCode: .dataError)
                }
                let still = segments.flatMap { samples[$0.range] }
                var result = try GyroBiasEstimator.estimate(gyroscope: still.map(\.gyroscope))
                // The periods are not contiguous: their total length, not first to last sample.
                result.quality?.duration = segments.map(\.duration).reduce(0, +)
                file.gyroscope = result
                console.note("\(plural(segments.count, "still period")) found")
            case "accel":
                let segmenter = StillnessSegmenter()
                let segments = segmenter.segments(samples)
                let poses = segmenter.poses(segments)
                // Said before estimating, so that a refusal can be understood.
                console.note("\(plural(poses.count, "pose")) in \(plural(segments.count, "still period")) found")
                if arguments.has(.level) {
                    // The pose closest to screen-up; the estimator refuses it when it is not level.
                    guard let flat = poses.max(by: { $0.accelerometer.z / $0.accelerometer.norm
                        < $1.accelerometer.z / $1.accelerometer.norm })
                    else { throw CalibrationError.tooFewPoses(found: 0, needed: 1) }
                    file.accelerometer = try AccelerometerCalibrator.level(flat)
                } else {
                    file.accelerometer = try AccelerometerCalibrator.calibrate(poses)
                }
            default:
                guard reader.hasMagnetometer else {
                    throw CLIError(
                        "\(path) has no magnetometer columns (magn_x,magn_y,magn_z); record on a device with a "
                            + "magnetometer", exitCode: .dataError)
                }
                file.magnetometer = try MagnetometerCalibrator.calibrate(samples.compactMap(\.magnetometer))
            }
        } catch let error as CalibrationError {
            throw CLIError(
                "cannot calibrate the \(sectionName(action)) from \(path): \(error); nothing was written",
                exitCode: .dataError)
        }

        return try finish(file, summary: [], arguments, store: store, console: console)
    }

    /// "1 pose", "6 poses".
    static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// Stores a new calibration (merged with the sensor's current one) unless `--dry-run`, then prints it: the file
    /// as written with `--json`, one line per new section otherwise.
    static func finish(
        _ file: CalibrationFile, summary: [String], _ arguments: ParsedArguments, store: CalibrationStore,
        console: Console
    ) throws -> ExitCode {
        for line in summary { console.note(line) }
        var written = file
        if !arguments.has(.dryRun) {
            let outcome = try store.save(file, to: arguments.value(.calibration))
            written = outcome.file
            if let problem = outcome.unreadablePrevious {
                console.warning("the previous calibration was not kept: \(problem)")
            }
            let kept = outcome.mergedFrom.map { $0 == outcome.path ? " (other sections kept)" : " (other sections kept from \($0))" } ?? ""
            console.note("wrote \(outcome.path)\(kept)")
        }
        if arguments.has(.json) {
            try console.write(written.jsonText)
        } else {
            try console.write("sensor: \(shown(file.sensor))\n")
            for line in describe(file) { try console.write(line + "\n") }
        }
        return .ok
    }

    static func sectionName(_ action: String) -> String {
        switch action {
        case "gyro": return "gyroscope"
        case "accel": return "accelerometer"
        default: return "magnetometer"
        }
    }

    // MARK: show and reset

    static func show(_ arguments: ParsedArguments, store: CalibrationStore, console: Console) throws -> ExitCode {
        // 1. One file: named, or the one the store holds for a sensor.
        let sensor = try sensorIdentity(arguments)
        if let path = arguments.value(.calibration) {
            let file = try CalibrationStore.read(path: path, expectedSensor: sensor)
            try print(file, path: path, console: console, json: arguments.has(.json))
            return .ok
        }
        let sensors = try sensor.map { [$0] } ?? (arguments.has(.source) ? liveSensors(arguments, console: console) : [])
        if !sensors.isEmpty {
            var found = 0
            for sensor in sensors {
                guard let located = try store.load(sensor: sensor) else {
                    console.note(
                        "no calibration stored for sensor '\(sensor)' (looked in "
                            + store.candidatePaths(forSensor: sensor).joined(separator: " and ") + ")")
                    continue
                }
                found += 1
                try print(located.file, path: located.path, console: console, json: arguments.has(.json))
            }
            return found > 0 ? .ok : .notAvailable
        }

        // 2. Everything in the store; broken or unreadable files are reported and decide the exit status.
        let entries = store.entries()
        var status = ExitCode.ok
        var objects: [JSONValue] = []
        for entry in entries {
            switch entry.content {
            case .success(let file):
                let shadow = store.shadowed(entry.path) ? " (not used: hidden by the per-user file)" : ""
                if arguments.has(.json) {
                    objects.append(.object([("path", .string(entry.path)), ("calibration", file.jsonValue)]))
                } else {
                    try console.write("\(shown(entry.path))\(shadow)\n")
                    try print(file, path: nil, console: console, json: false, indent: "  ")
                }
            case .failure(let error):
                console.error(error.cliError.message)
                // Damaged content is 65, a file that cannot be read 74 or 77: the first failure decides.
                if status == .ok { status = error.cliError.exitCode }
            }
        }
        if arguments.has(.json) {
            try console.write(JSONValue.array(objects).prettyRendered() + "\n")
        }
        if entries.isEmpty {
            console.note("no calibration files in \(store.userDirectory) or \(store.systemDirectory)")
        }
        return status
    }

    static func reset(_ arguments: ParsedArguments, store: CalibrationStore, console: Console) throws -> ExitCode {
        if let path = arguments.value(.calibration) {
            do {
                try CalibrationStore.remove(path: path)
                console.note("removed \(path)")
            } catch {
                guard case .notFound = error else { throw error }
                console.note("nothing to remove: \(path) does not exist")
            }
            return .ok
        }
        // The named sensor, the recording's, or every sensor of the live source (default: this machine's).
        let sensors = try sensorIdentity(arguments).map { [$0] } ?? liveSensors(arguments, console: console)
        for sensor in sensors {
            let removed = try store.remove(sensor: sensor)
            if removed.isEmpty {
                console.note("nothing to remove: no calibration stored for sensor '\(sensor)'")
            }
            for path in removed { console.note("removed \(path)") }
        }
        return .ok
    }

    /// The identities of the sensors of the live source the options name (discovery for iio; nothing is captured).
    static func liveSensors(_ arguments: ParsedArguments, console: Console) throws -> [String] {
        let source = try SourceOptions.open(SourceOptions.specification(arguments), environment: console.environment)
        defer { source.stop() }
        return Array(Set(SensorCalibration.sensorIdentities(of: source).values)).sorted()
    }

    // MARK: Text

    static func print(
        _ file: CalibrationFile, path: String?, console: Console, json: Bool, indent: String = ""
    ) throws {
        if json {
            try console.write(file.jsonText)
            return
        }
        if let path { try console.write("\(indent)file: \(shown(path))\n") }
        try console.write("\(indent)sensor: \(shown(file.sensor))\n")
        let tool = file.tool.map { " by \(shown($0))" } ?? ""
        try console.write("\(indent)created: \(file.created.formatted(.iso8601))\(tool)\n")
        for line in describe(file) { try console.write(indent + line + "\n") }
        if file.isEmpty { try console.write("\(indent)(no sections)\n") }
    }

    /// One line per section present.
    static func describe(_ file: CalibrationFile) -> [String] {
        var lines: [String] = []
        if let gyro = file.gyroscope {
            var line = "gyroscope bias: \(vector(gyro.bias, 6)) rad/s"
            if let q = gyro.quality {
                line += " (noise \(vector(q.noise, 4)) rad/s, \(q.samples) samples over \(format(q.duration, 2)) s)"
            }
            lines.append(line)
        }
        if let accel = file.accelerometer {
            var line = "accelerometer offset: \(vector(accel.offset, 4)) m/s², matrix: \(matrix(accel.matrix))"
            var details: [String] = []
            if let method = accel.method { details.append(method.rawValue) }
            if let q = accel.quality {
                details.append("\(q.poses) pose\(q.poses == 1 ? "" : "s"), residual \(format(q.residual, 4)) m/s², coverage \(format(q.coverage, 2))")
            }
            if !details.isEmpty { line += " (" + details.joined(separator: ", ") + ")" }
            lines.append(line)
        }
        if let magn = file.magnetometer {
            var line = "magnetometer hard iron: \(vector(magn.hardIron, 2)) µT, soft iron: \(matrix(magn.softIron))"
            var details: [String] = []
            if let field = magn.fieldStrength { details.append("field \(format(field, 2)) µT") }
            if let q = magn.quality {
                details.append(
                    "coverage \(format(q.coverage, 2)), residual \(format(q.residual, 2)) µT, \(q.samples) samples")
            }
            if !details.isEmpty { line += " (" + details.joined(separator: ", ") + ")" }
            lines.append(line)
        }
        return lines
    }

    /// Text from a file or an option (a sensor id, a tool name, a path) as it may reach a terminal: control
    /// characters spelled out, never escape sequences or line breaks.
    static func shown(_ text: String) -> String {
        Console.neutralised(text, keeping: [])
    }

    static func format(_ value: Double, _ digits: Int) -> String {
        FixedDecimal.string(value, digits: digits)
    }

    static func vector(_ v: Vector3, _ digits: Int) -> String {
        "[\(format(v.x, digits)), \(format(v.y, digits)), \(format(v.z, digits))]"
    }

    static func matrix(_ m: Matrix3) -> String {
        "[" + [m.row0, m.row1, m.row2].map { vector(Vector3($0), 4) }.joined(separator: ", ") + "]"
    }
}
