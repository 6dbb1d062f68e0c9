import BodyReadings
import Fusion
import MQTT
import MotionMath
import Publishing
import Sensors

/// `bodyreadings publish URL`: device motion to an MQTT broker, through broker and network losses, until stopped.
enum PublishCommand {
    static let command = Command(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "publish",
        overview: "Publish device motion to an MQTT broker (a fleet of boards on one broker).",
        positionals: [PositionalSpec("url", help: "mqtt://[USER[:PASS]@]HOST[:PORT] or mqtts://… (TLS)")],
        options: SourceOptions.all + ([
            .interval,
            .duration,
            .count,
            .raw.described("Publish every calibrated sample on imu/data_raw (and imu/mag) instead."),
        ] as [OptionSpec]) + MQTTOptions.all + CalibrationOptions.all,
        discussion: """
            TOPICS under PREFIX: imu/data (device motion), imu/data_raw and imu/mag (--raw), steps and heart_rate \
            (as they come), altitude (every --interval) and flights (at every floor) with a barometer (--source \
            sim has one), and the retained \
            status: {"state":"online",…counters} on every connection, {"state":"offline",…} on a clean stop and, \
            as the last will, when the board dies or loses its network. Payloads: docs/mqtt.md.

            OUTAGES: at --qos 1 messages wait in memory while the broker is away and are sent in order after \
            reconnecting (retries after 0.5 s doubling to 30 s); beyond --queue the oldest are dropped, counted on \
            stderr and in the status. At --qos 0 nothing waits. The password may come from the environment \
            variable BODYREADINGS_MQTT_PASSWORD instead of the URL (which 'ps' shows).

            EXAMPLES:
              bodyreadings publish mqtt://broker.local
              bodyreadings publish mqtts://board7:secret@broker.example.org --cafile ca.pem --homeassistant
              bodyreadings publish mqtt://127.0.0.1 --source sim --interval 0.01 --device-id sim-1
              mosquitto_sub -h broker.local -t 'bodyreadings/+/status' -v

            EXIT STATUS: 0 stopped; 64 bad option, malformed URL, or a topic prefix or device id MQTT refuses; \
            65 malformed recording or --calibration FILE, or a TLS file that is not PEM; 69 no IMU, or broker \
            unreachable at the start (unless --wait); 74 TLS or calibration file unreadable; 77 login refused, or \
            permission denied on the sensor or a file.
            """
    )

    /// What the user asked for.
    struct Request {
        var source: MotionSourceSpecification
        var interval: Double
        var duration: Double?
        var count: Int?
        var raw: Bool
        var wait: Bool
        var settings: ReadingsPublisher.Settings
    }

    static func request(_ arguments: ParsedArguments, console: Console) throws -> Request {
        guard let text = arguments.positionals.first else {
            throw CLIError.usage("publish needs the broker's URL, e.g. mqtt://broker.local", command: "publish")
        }
        let settings = try MQTTOptions.settings(url: text, arguments, console: console)
        return Request(
            source: try SourceOptions.specification(arguments),
            interval: try SourceOptions.interval(arguments),
            duration: try arguments.double(.duration, in: 0.000_001...1e9),
            count: try arguments.integer(.count, in: 1...Int.max),
            raw: arguments.has(.raw), wait: arguments.has(.wait), settings: settings)
    }

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> ExitCode {
        let request = try request(arguments, console: console)
        let source = try SourceOptions.open(request.source, environment: console.environment)
        if !request.raw { try StreamCommand.requireDeviceMotion(source.info, command: "publish") }
        try SourceOptions.check(interval: request.interval, against: source.info, command: "publish")
        let input = SourceInput(
            source: source, correction: try CalibrationOptions.correction(for: source, arguments, console: console))

        // Signals are handled before the broker is reached: a SIGTERM that comes while connecting (the retained
        // status already says online) still ends the command cleanly, with the offline status.
        let control = PipelineControl()
        let signals = StopSignals(
            stop: { _ in control.cancel() },
            emergency: {
                console.note("interrupted again: restoring the device and exiting now")
                source.stop()
            })
        defer { signals.uninstall() }
        // A barometer (live, the simulated building's, a recording's or the service's) adds the altitude and flights
        // topics and their Home Assistant sensors.
        let barometer = source.deliversPressure
        var mqttSettings = request.settings
        mqttSettings.barometer = barometer
        let (publisher, reporter) = try MQTTOptions.start(mqttSettings, wait: request.wait, console: console)

        // Steps (the hardware counter when there is one), heartbeats (when there is a pulse sensor) and the altitude
        // with the flights climbed (when there is a barometer) from the same capture, published as they come.
        let counter = StepCounterChoice.automatic.resolve(hasHardware: source.info.hasStepCounter)
        let steps = UpdateFanOut<Step>()
        let beats = UpdateFanOut<Beat>()
        let altitude = barometer ? UpdateFanOut<AltitudeUpdate>() : nil
        let health = HealthReadings(
            counter: source.info.hasStepCounting ? counter : nil, steps: steps, heartRate: nil,
            beats: source.info.hasPPG ? beats : nil, altitude: altitude)
        input.onReading = { health.take($0) }
        let healthPublishing = HealthPublishing(
            steps: steps, beats: beats, altitude: altitude, interval: request.interval, publisher: publisher)
        defer { healthPublishing.stop() }
        var settings = PipelineSettings(
            captureInterval: request.interval, updateInterval: request.interval, count: request.count,
            duration: request.duration, readings: SensorReading.Kind.motion.union(health.readings),
            log: console.captureLog)
        let report: PipelineReport
        if request.raw {
            settings.updateInterval = 0
            var pipeline = Pipeline(
                input: input, processor: Passthrough<IMUSample>(), settings: settings, control: control)
            var consumer = ConsoleConsumer(base: PublishingConsumer(samplesTo: publisher, reporter: reporter))
            report = try pipeline.run(into: &consumer)
        } else {
            var pipeline = Pipeline(input: input, processor: AttitudeFilter(), settings: settings, control: control)
            var consumer = ConsoleConsumer(base: PublishingConsumer(motionTo: publisher, reporter: reporter))
            report = try pipeline.run(into: &consumer)
        }
        let final = publisher.stop()
        reporter.flush()
        StreamCommand.report(report, console: console, what: request.raw ? "samples" : "updates")
        MQTTOptions.report(final, console: console)
        try StreamCommand.requireSamples(report)
        return .ok
    }
}
