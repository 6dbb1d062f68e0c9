import BodyReadings
import Calibration
import MotionMath
import Sensors
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Guided calibration on a live source (`iio`, `sim`): prompts on stderr, a progress bar on a terminal and plain
/// lines otherwise, restarts when the device moves, and the same estimators and store as a recording.
extension CalibrateCommand {
    /// Sample-time limits of a guided session, s.
    static let defaultTimeouts = ["gyro": 60.0, "accel": 300.0, "magnetometer": 90.0]

    static func calibrateLive(
        _ action: String, _ arguments: ParsedArguments, store: CalibrationStore, console: Console
    ) throws -> ExitCode {
        // 1. Options and source.
        let specification = try SourceOptions.specification(arguments)
        let target = try arguments.double("--duration", in: 0.5...3600)
        let timeout = try arguments.double("--timeout", in: 1...86_400) ?? defaultTimeouts[action] ?? 60
        let source = try specification.makeSource()
        try StreamCommand.requireDeviceMotion(source.info, command: "calibrate")
        if action == "magnetometer", !source.info.hasMagnetometer {
            throw CLIError("\(source.info.name) has no magnetometer", exitCode: .unavailable)
        }
        let sensor = arguments.value("--sensor") ?? liveIdentity(of: source, action: action)
        let progress = ProgressLine(console: console)

        // 2. Collect until the procedure is done (count: 1 ends the session), the timeout passes, or a signal.
        var procedure: any GuidedProcedure
        switch action {
        case "gyro": procedure = GuidedGyroscope(stillSeconds: target ?? 5)
        case "accel":
            if arguments.has("--level"), arguments.has("--free") {
                throw CLIError.usage("--level and --free exclude each other", command: "calibrate")
            }
            procedure = arguments.has("--free")
                ? GuidedFreePoses() : GuidedAccelerometer(level: arguments.has("--level"))
        default: procedure = GuidedMagnetometer(longestSeconds: min(target ?? timeout, timeout))
        }
        console.note("calibrating the \(sectionName(action)) of \(source.info.name) (sensor '\(sensor)')")
        console.note(procedure.instructions)
        // 100 Hz when the sensor can, its fastest rate otherwise.
        let interval = source.info.maximumSampleRate.map { $0 > 0 ? max(0.01, 1 / $0) : 0.01 } ?? 0.01
        var calibration = CalibrationFile(sensor: sensor, tool: "bodyreadings \(BodyReadingsTool.version)")
        var failure: (any Error)?
        var pipeline = Pipeline(
            input: SourceInput(source: source), processor: Passthrough<IMUSample>(),
            settings: PipelineSettings(captureInterval: interval, duration: timeout, log: console.captureLog))
        var consumer = ClosureConsumer<IMUSample> { sample in
            do {
                return try procedure.add(sample, into: &calibration, progress: progress) ? .enough : .more
            } catch {
                failure = error
                return .enough
            }
        }
        let report = try pipeline.run(into: &consumer, console: console)
        progress.finish()

        // 3. Why it ended.
        if let failure = failure as? CalibrationError {
            throw CLIError(
                "cannot calibrate the \(sectionName(action)): \(failure); nothing was written", exitCode: .dataError)
        }
        if let failure { throw failure }
        switch report.ending {
        case .finished: break
        case .cancelled:
            console.note("interrupted: nothing was written")
            return .notAvailable
        case .duration:
            throw CLIError(
                "gave up after \(CalibrateCommand.format(timeout, timeout == timeout.rounded() ? 0 : 1)) s: \(procedure.unfinished); nothing was written (more time: "
                    + "--timeout SECONDS)", exitCode: .dataError)
        case .endOfInput, .outputClosed, .count:
            throw CLIError(
                "the source ended before the calibration was complete: \(procedure.unfinished); nothing was written",
                exitCode: .dataError)
        }
        return try finish(calibration, summary: procedure.summary, arguments, store: store, console: console)
    }

    /// The identity of the live sensor that produces `action`'s data: discovery's for IIO, `sim:seed-N` for the
    /// simulator.
    static func liveIdentity(of source: any MotionSource, action: String) -> String {
        if let iio = source as? IIOMotionSource {
            let kind: SensorKind = action == "gyro" ? .gyroscope : action == "accel" ? .accelerometer : .magnetometer
            if let sensor = iio.sensors.first(where: { $0.kind == kind }) { return sensor.identity.rawValue }
        }
        if let simulated = source as? SimulatedMotionSource { return "sim:seed-\(simulated.seed)" }
        return source.info.name
    }
}

/// One guided procedure: consumes samples until it has a calibration section.
protocol GuidedProcedure {
    /// What the user has to do, printed before collecting.
    var instructions: String { get }
    /// What is still missing, for a timeout message.
    var unfinished: String { get }
    /// Lines for stderr once done.
    var summary: [String] { get }
    /// Takes one sample; returns true (after filling its section of `file`) when done. Throws a refusal.
    mutating func add(_ sample: IMUSample, into file: inout CalibrationFile, progress: ProgressLine) throws -> Bool
}

/// Gyroscope: `stillSeconds` of uninterrupted stillness, restarting on motion. A sample reaches the estimator only
/// when the half second around it is still (the segmenter's thresholds), so that the tail of a movement, too slow
/// to trip the estimator's own checks, never enters the average.
struct GuidedGyroscope: GuidedProcedure {
    let stillSeconds: Double
    var estimator = GyroBiasEstimator()
    var window = StillWindow()
    var start: Double?
    var restarts = 0

    init(stillSeconds: Double) {
        self.stillSeconds = stillSeconds
    }

    var instructions: String {
        "put the device on a steady surface and do not touch it for \(Int(stillSeconds.rounded(.up))) s"
    }

    var unfinished: String {
        "the device never stayed still for \(Int(stillSeconds.rounded(.up))) s (\(restarts) restarts after movement)"
    }

    var summary: [String] { ["\(estimator.sampleCount) still samples"] }

    mutating func add(_ sample: IMUSample, into file: inout CalibrationFile, progress: ProgressLine) throws -> Bool {
        // 1. The window must be still; a moving window after a start is a restart.
        guard window.add(sample) else {
            if start != nil {
                restart(progress, at: sample.t)
            } else {
                progress.update(fraction: 0, label: "waiting for stillness")
            }
            return false
        }
        // 2. The estimator's own motion checks.
        let first = start ?? sample.t
        start = first
        let status = estimator.add(
            gyroscope: sample.gyroscope, accelerometer: sample.accelerometer, time: sample.t)
        if case .motion = status {
            restart(progress, at: sample.t)
            return false
        }
        // 3. Done after the still time.
        let fraction = (sample.t - first) / stillSeconds
        progress.update(fraction: fraction, label: "still")
        guard fraction >= 1, case .ready = status else { return false }
        var result = try estimator.result()
        result.quality?.duration = sample.t - first
        file.gyroscope = result
        return true
    }

    /// Starts again; says so only when the still period had lasted long enough for the user to notice (a second),
    /// so that a device being handled does not print a line per sample.
    private mutating func restart(_ progress: ProgressLine, at time: Double) {
        restarts += 1
        if let start, time - start >= 1 {
            progress.event("movement detected: starting again; keep the device still")
        }
        start = nil
        estimator.reset()
    }
}

/// Stillness of the last half second of samples, with the segmenter's thresholds.
struct StillWindow {
    static let seconds = 0.5
    var recent: [IMUSample] = []
    /// Set once samples older than the window have been dropped: from then on the window spans half a second.
    var filled = false

    /// Adds a sample; true when the window spans half a second and is still.
    mutating func add(_ sample: IMUSample) -> Bool {
        recent.append(sample)
        let cut = recent.firstIndex { sample.t - $0.t <= Self.seconds } ?? 0
        if cut > 0 {
            recent.removeFirst(cut)
            filled = true
        }
        guard filled, recent.count >= 5 else { return false }
        let thresholds = StillnessSegmenter.Settings()
        return spread(recent.map(\.accelerometer)) <= thresholds.accelerometerThreshold
            && spread(recent.map(\.gyroscope)) <= thresholds.gyroscopeThreshold
    }

    private func spread(_ values: [Vector3]) -> Double {
        let mean = values.reduce(Vector3.zero, +) / Double(values.count)
        let variance = values.reduce(Vector3.zero) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)
        return max(variance.x, variance.y, variance.z).squareRoot()
    }
}

/// Accelerometer: the six faces in turn, each held still for two seconds (or, with `level`, only lying flat).
struct GuidedAccelerometer: GuidedProcedure {
    static let allFaces: [(axis: Vector3, name: String, how: String)] = [
        (Vector3(0, 0, 1), "+z", "flat on its back, screen up"),
        (Vector3(0, 0, -1), "−z", "flat on its face, screen down"),
        (Vector3(1, 0, 0), "+x", "standing on its left edge (right edge up)"),
        (Vector3(-1, 0, 0), "−x", "standing on its right edge (left edge up)"),
        (Vector3(0, 1, 0), "+y", "standing on its bottom edge (top up)"),
        (Vector3(0, -1, 0), "−y", "standing on its top edge (bottom up)"),
    ]
    static let holdSeconds = 2.0

    let level: Bool
    let faces: [(axis: Vector3, name: String, how: String)]
    var face = 0
    var poses: [StillPose] = []
    var window = StillWindow()
    var pose = HeldPose()
    var announced = -1

    init(level: Bool) {
        self.level = level
        faces = level ? [Self.allFaces[0]] : Self.allFaces
    }

    var instructions: String {
        if level {
            return "lay the device flat, screen up, on a level table and keep it still for \(Int(Self.holdSeconds)) s"
        }
        return "rest the device on each of its six faces in turn, pressed against the side of a box if you can, and "
            + "keep it still for \(Int(Self.holdSeconds)) s on each"
    }

    var unfinished: String {
        "face \(faces[face].name) up was never held still (\(poses.count) of \(faces.count) done)"
    }

    var summary: [String] { ["\(faces.count) face\(faces.count == 1 ? "" : "s") captured"] }

    mutating func add(_ sample: IMUSample, into file: inout CalibrationFile, progress: ProgressLine) throws -> Bool {
        if announced != face {
            announced = face
            progress.event("face \(face + 1)/\(faces.count): \(faces[face].how) (\(faces[face].name) up)")
        }
        // 1. Stillness over the last half second (the segmenter's thresholds).
        let still = window.add(sample)
        // 2. In the right orientation?
        let a = sample.accelerometer
        let norm = a.norm
        let aligned = norm > 0 && (a / norm).dot(faces[face].axis) >= 0.906  // within 25°
        guard still, aligned else {
            pose = HeldPose()
            progress.update(fraction: 0, label: still ? "turn to \(faces[face].name) up" : "hold still")
            return false
        }
        // 3. Accumulate the pose until it has been held long enough.
        let fraction = pose.add(a, at: sample.t, holdSeconds: Self.holdSeconds)
        progress.update(fraction: fraction, label: "\(faces[face].name) up, still")
        guard fraction >= 1 else { return false }
        poses.append(pose.stillPose)
        progress.event("face \(faces[face].name) captured")
        face += 1
        pose = HeldPose()
        guard face == faces.count else { return false }
        file.accelerometer = try level
            ? AccelerometerCalibrator.level(poses[0]) : AccelerometerCalibrator.sixPosition(poses)
        return true
    }
}

/// The accelerometer readings of one pose being held still: their sum, count and when the hold began.
struct HeldPose {
    private var sum = Vector3.zero
    private var count = 0
    private var start: Double?

    /// Adds a reading taken at `t` and returns how much of `holdSeconds` the pose has been held (≥ 1 when done).
    mutating func add(_ accelerometer: Vector3, at t: Double, holdSeconds: Double) -> Double {
        let first = start ?? t
        start = first
        sum += accelerometer
        count += 1
        return (t - first) / holdSeconds
    }

    /// The mean reading of the hold, as a pose for the calibrators.
    var stillPose: StillPose { StillPose(accelerometer: sum / Double(count), samples: count) }
}

/// Accelerometer without faces: twelve still poses in any orientations at least 20° apart, then the ellipsoid fit.
struct GuidedFreePoses: GuidedProcedure {
    static let needed = 12
    static let separation = cos(20 * Double.pi / 180)
    var poses: [StillPose] = []
    var window = StillWindow()
    var pose = HeldPose()
    var announced = false

    var instructions: String {
        "hold the device still in \(Self.needed) different orientations, spread over all directions (screen up, "
            + "down, on each edge, and in between), \(Int(GuidedAccelerometer.holdSeconds)) s each"
    }

    var unfinished: String { "only \(poses.count) of \(Self.needed) distinct still poses" }

    var summary: [String] { ["\(poses.count) poses captured"] }

    mutating func add(_ sample: IMUSample, into file: inout CalibrationFile, progress: ProgressLine) throws -> Bool {
        if !announced {
            announced = true
            progress.event("pose 1/\(Self.needed): any orientation, held still")
        }
        let a = sample.accelerometer
        let norm = a.norm
        let new = norm > 0 && poses.allSatisfy { pose in
            let p = pose.accelerometer
            return (p.dot(a) / (p.norm * norm)) < Self.separation
        }
        guard window.add(sample), new else {
            pose = HeldPose()
            progress.update(fraction: 0, label: new ? "hold still" : "turn to a new orientation")
            return false
        }
        let fraction = pose.add(a, at: sample.t, holdSeconds: GuidedAccelerometer.holdSeconds)
        progress.update(fraction: fraction, label: "pose \(poses.count + 1), still")
        guard fraction >= 1 else { return false }
        poses.append(pose.stillPose)
        pose = HeldPose()
        guard poses.count == Self.needed else {
            progress.event("pose \(poses.count) captured; pose \(poses.count + 1)/\(Self.needed): turn to a new orientation")
            return false
        }
        file.accelerometer = try AccelerometerCalibrator.ellipsoid(poses)
        return true
    }
}

/// Magnetometer: free rotation until the rough coverage is high or `longestSeconds` have passed, then the fit.
struct GuidedMagnetometer: GuidedProcedure {
    let longestSeconds: Double
    var samples: [Vector3] = []
    var low = Vector3(repeating: .infinity)
    var high = Vector3(repeating: -.infinity)
    var start: Double?
    /// Rough coverage around the running min/max centre, for feedback and to stop early.
    var coverage = SphereCoverage()
    static let enough = 0.85

    init(longestSeconds: Double) {
        self.longestSeconds = longestSeconds
    }

    var instructions: String {
        "turn the device slowly through every orientation (figure-of-eight sweeps, screen up, down and sideways), "
            + "away from metal and magnets, for up to \(Int(longestSeconds)) s"
    }

    var unfinished: String { "coverage \(Int(coverage.fraction * 100)) % of the directions" }

    var summary: [String] { ["\(samples.count) samples, rough coverage \(Int(coverage.fraction * 100)) %"] }

    mutating func add(_ sample: IMUSample, into file: inout CalibrationFile, progress: ProgressLine) throws -> Bool {
        guard let m = sample.magnetometer else { return false }
        let first = start ?? sample.t
        start = first
        samples.append(m)
        low = Vector3(pointwiseMin(low.simd, m.simd))
        high = Vector3(pointwiseMax(high.simd, m.simd))
        if samples.count % 50 == 0 {
            // The centre moves while the ranges grow: recount from scratch now and then.
            coverage = SphereCoverage()
            let centre = (low + high) / 2
            for s in samples { coverage.add(s - centre) }
        }
        progress.update(fraction: coverage.fraction / Self.enough, label: "coverage \(Int(coverage.fraction * 100)) %")
        let elapsed = sample.t - first
        guard (coverage.fraction >= Self.enough && samples.count >= 300) || elapsed >= longestSeconds else {
            return false
        }
        file.magnetometer = try MagnetometerCalibrator.calibrate(samples)
        return true
    }
}

/// Progress feedback on stderr: a redrawn bar on a terminal, a line at each quarter otherwise.
final class ProgressLine {
    let console: Console
    private var lastQuarter = -1
    private var drawn = false
    private var lastText = ""

    init(console: Console) {
        self.console = console
    }

    /// Shows `fraction` (clamped to 0…1) with a short label.
    func update(fraction: Double, label: String) {
        let clamped = max(0, min(1, fraction.isFinite ? fraction : 0))
        if console.errorIsTerminal {
            let filled = Int((clamped * 30).rounded(.down))
            let text = "\r[" + String(repeating: "#", count: filled) + String(repeating: ".", count: 30 - filled)
                + "] \(Int(clamped * 100)) % \(label)\u{1B}[K"
            if text != lastText {
                console.status(text)
                lastText = text
                drawn = true
            }
        } else {
            let quarter = Int((clamped * 4).rounded(.down))
            if quarter != lastQuarter, quarter > 0 {
                console.note("\(quarter * 25) % (\(label))")
            }
            lastQuarter = quarter
        }
    }

    /// A message on its own line (prompts, restarts).
    func event(_ message: String) {
        if drawn {
            console.status("\r\u{1B}[K")
            drawn = false
            lastText = ""
        }
        lastQuarter = -1
        console.note(message)
    }

    /// Ends the bar's line.
    func finish() {
        if drawn { console.status("\n") }
        drawn = false
    }
}
