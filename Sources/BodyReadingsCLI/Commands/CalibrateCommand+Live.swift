import BodyReadings
import Calibration
import MotionMath
import Sensors

/// Guided calibration on a live source (`iio`, `sim`): Calibration's guided procedure decides, `GuidedCalibrationView`
/// shows its events on stderr, and the result goes to the same store as a calibration from a recording.
extension CalibrateCommand {
    /// Sample-time limits of a guided session, s.
    static let defaultTimeouts = ["gyro": 60.0, "accel": 300.0, "magnetometer": 90.0]

    static func calibrateLive(
        _ action: String, _ arguments: ParsedArguments, store: CalibrationStore, console: Console
    ) throws -> ExitCode {
        // 1. Options and source.
        let specification = try SourceOptions.specification(arguments)
        let target = try arguments.double(.duration, in: 0.5...3600)
        let timeout = try timeout(for: action, arguments)
        let source = try SourceOptions.open(specification, environment: console.environment)
        try StreamCommand.requireDeviceMotion(source.info, command: "calibrate")
        if action == "magnetometer", !source.info.hasMagnetometer {
            throw CLIError("\(source.info.name) has no magnetometer", exitCode: .unavailable)
        }
        let sensor = arguments.value(.sensor) ?? liveIdentity(of: source, action: action)

        // 2. Collect until the procedure ends (count: 1 ends the session), the timeout passes, or a signal.
        var procedure: any GuidedProcedure
        switch action {
        case "gyro": procedure = target.map { GuidedGyroscope(stillSeconds: $0) } ?? GuidedGyroscope()
        case "accel":
            procedure = arguments.has(.free) ? GuidedFreePoses() : GuidedAccelerometer(level: arguments.has(.level))
        default: procedure = GuidedMagnetometer(longestSeconds: min(target ?? timeout, timeout))
        }
        let view = GuidedCalibrationView(task: procedure.task, progress: ProgressLine(console: console))
        console.note("calibrating the \(sectionName(action)) of \(source.info.name) (sensor '\(sensor)')")
        console.note(view.instructions)
        // 100 Hz when the sensor can, its fastest rate otherwise.
        let interval = source.info.maximumSampleRate.map { $0 > 0 ? max(0.01, 1 / $0) : 0.01 } ?? 0.01
        var outcome: Result<GuidedResult, CalibrationError>?
        var pipeline = Pipeline(
            input: SourceInput(source: source), processor: Passthrough<IMUSample>(),
            settings: PipelineSettings(captureInterval: interval, duration: timeout, log: console.captureLog))
        var consumer = ClosureConsumer<IMUSample> { sample in
            for event in procedure.add(sample) {
                view.show(event)
                switch event {
                case .finished(let result): outcome = .success(result)
                case .refused(let error): outcome = .failure(error)
                default: break
                }
            }
            return outcome == nil ? .more : .enough
        }
        let report = try pipeline.run(into: &consumer, console: console)
        view.finish()
        if let warning = RejectedSamples.warning(procedure.rejectedSamples) { console.warning(warning) }

        // 3. Why it ended.
        if case .failure(let refusal) = outcome {
            throw CLIError(
                "cannot calibrate the \(sectionName(action)): \(refusal); nothing was written", exitCode: .dataError)
        }
        switch report.ending {
        case .finished: break
        case .cancelled:
            console.note("interrupted: nothing was written")
            return .notAvailable
        case .duration:
            throw CLIError(
                "gave up after \(CalibrateCommand.format(timeout, timeout == timeout.rounded() ? 0 : 1)) s: "
                    + "\(view.shortfall(procedure.shortfall)); nothing was written (more time: --timeout SECONDS)",
                exitCode: .dataError)
        case .endOfInput, .outputClosed, .count:
            throw CLIError(
                "the source ended before the calibration was complete: \(view.shortfall(procedure.shortfall)); "
                    + "nothing was written", exitCode: .dataError)
        }
        guard case .success(let result) = outcome else { return .software }
        var calibration = CalibrationFile(sensor: sensor, tool: "bodyreadings \(BodyReadingsTool.version)")
        result.apply(to: &calibration)
        return try finish(calibration, summary: view.summary(result), arguments, store: store, console: console)
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
