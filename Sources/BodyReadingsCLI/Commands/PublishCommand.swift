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
        options: SourceOptions.all + [
            OptionSpec(["--interval"], value: "SECONDS", help: "Seconds between updates (default 0.1)."),
            OptionSpec(["--duration"], value: "SECONDS", help: "Stop after this many seconds."),
            OptionSpec(["--count"], value: "N", help: "Stop after N updates."),
            OptionSpec(["--raw"], help: "Publish every calibrated sample on imu/data_raw (and imu/mag) instead."),
            OptionSpec(["--device-id"], value: "ID", help: "This board's id in topics and payloads (default: host name)."),
            OptionSpec(["--topic-prefix"], value: "PREFIX", help: "Topics start with PREFIX (default bodyreadings/ID)."),
            OptionSpec(["--qos"], value: "0|1", help: "MQTT quality of service (default 1: queued through outages)."),
            OptionSpec(
                ["--batch"], value: "SECONDS",
                help: "Seconds of updates per message (default 1; 0: one message per update)."),
            OptionSpec(
                ["--queue"], value: "MESSAGES",
                help: "Messages kept while the broker is away (default 10000, at most 8 MiB); the oldest go first."),
            OptionSpec(["--wait"], help: "Start even if the broker cannot be reached yet, and keep trying."),
            OptionSpec(["--cafile"], value: "FILE", help: "mqtts: PEM CA certificate(s) for the broker (default: the system's)."),
            OptionSpec(["--cert"], value: "FILE", help: "mqtts: PEM client certificate, for brokers that require one."),
            OptionSpec(["--key"], value: "FILE", help: "mqtts: PEM private key of --cert."),
            OptionSpec(["--homeassistant"], help: "Publish Home Assistant MQTT discovery (heart rate, steps, motion)."),
        ] + CalibrationOptions.all,
        discussion: """
            TOPICS under PREFIX: imu/data (device motion), imu/data_raw and imu/mag (--raw), and the retained \
            status: {"state":"online",…counters} on every connection, {"state":"offline",…} on a clean stop and, \
            as the last will, when the board dies or loses its network. Payloads: README, "Fleets".

            OUTAGES: at --qos 1 messages wait in memory while the broker is away and are sent in order after \
            reconnecting (retries after 0.5 s doubling to 30 s); beyond --queue the oldest are dropped, counted on \
            stderr and in the status. At --qos 0 nothing waits. The password may come from the environment \
            variable BODYREADINGS_MQTT_PASSWORD instead of the URL (which 'ps' shows).

            EXAMPLES:
              bodyreadings publish mqtt://broker.local
              bodyreadings publish mqtts://board7:secret@broker.example.org --cafile ca.pem --homeassistant
              bodyreadings publish mqtt://127.0.0.1 --source sim --interval 0.01 --device-id sim-1
              mosquitto_sub -h broker.local -t 'bodyreadings/+/status' -v

            EXIT STATUS: 0 stopped; 64 bad option or malformed URL; 65 malformed recording or --calibration FILE; \
            69 no IMU, or broker unreachable at the start (unless --wait); 74 TLS or calibration file unreadable; \
            77 login refused, or permission denied on the sensor.
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
        var broker = try BrokerURL(parsing: text)
        if broker.username != nil, broker.password == nil {
            broker.password = console.environment["BODYREADINGS_MQTT_PASSWORD"]
        }
        let layout = try TopicLayout(
            prefix: arguments.value("--topic-prefix"),
            deviceID: arguments.value("--device-id") ?? DeviceIdentity.hostName())
        var settings = ReadingsPublisher.Settings(broker: broker, layout: layout)
        settings.qos = try arguments.choice("--qos", among: ["0", "1"]) == "0" ? .atMostOnce : .atLeastOnce
        settings.batchPeriod = try arguments.double("--batch", in: 0...3600) ?? 1
        settings.homeAssistant = arguments.has("--homeassistant")
        if let queue = try arguments.integer("--queue", in: 1...10_000_000) {
            settings.limits = MQTTQueueLimits(maximumMessages: queue)
        }
        settings.tls = try tls(arguments, broker: broker)
        return Request(
            source: try SourceOptions.specification(arguments),
            interval: try SourceOptions.interval(arguments),
            duration: try arguments.double("--duration", in: 0.000_001...1e9),
            count: try arguments.integer("--count", in: 1...Int.max),
            raw: arguments.has("--raw"), wait: arguments.has("--wait"), settings: settings)
    }

    /// The TLS files: only for `mqtts://`; certificate and key together.
    static func tls(_ arguments: ParsedArguments, broker: BrokerURL) throws(CLIError) -> MQTTTLSConfiguration? {
        let cafile = arguments.value("--cafile")
        let cert = arguments.value("--cert")
        let key = arguments.value("--key")
        guard broker.usesTLS else {
            if cafile != nil || cert != nil || key != nil {
                throw .usage("--cafile, --cert and --key are for mqtts:// URLs", command: "publish")
            }
            return nil
        }
        guard (cert == nil) == (key == nil) else {
            throw .usage("--cert and --key go together", command: "publish")
        }
        return MQTTTLSConfiguration(
            caFile: cafile, caDirectory: cafile == nil ? "/etc/ssl/certs" : nil, certificateFile: cert, keyFile: key)
    }

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> ExitCode {
        let request = try request(arguments, console: console)
        let source = try SourceOptions.open(request.source)
        if !request.raw { try StreamCommand.requireDeviceMotion(source.info, command: "publish") }
        try SourceOptions.check(interval: request.interval, against: source.info, command: "publish")
        let input = SourceInput(
            source: source, correction: try CalibrationOptions.correction(for: source, arguments, console: console))

        let reporter = ConnectionReporter(console: console, queue: request.settings.limits.maximumMessages)
        let publisher = try ReadingsPublisher(request.settings) { reporter.report($0) }
        try connect(publisher, request: request, console: console)
        reporter.start()
        console.note("publishing to \(request.settings.broker) under \(request.settings.layout.prefix)/")

        var settings = PipelineSettings(
            captureInterval: request.interval, updateInterval: request.interval, count: request.count,
            duration: request.duration, log: console.captureLog)
        let report: PipelineReport
        if request.raw {
            settings.updateInterval = 0
            var pipeline = Pipeline(input: input, processor: Passthrough<IMUSample>(), settings: settings)
            var consumer = SamplePublishingConsumer(publisher: publisher, reporter: reporter)
            report = try pipeline.run(into: &consumer, console: console)
        } else {
            var pipeline = Pipeline(input: input, processor: AttitudeFilter(), settings: settings)
            var consumer = MotionPublishingConsumer(publisher: publisher, reporter: reporter)
            report = try pipeline.run(into: &consumer, console: console)
        }
        let final = publisher.stop()
        reporter.flush()
        StreamCommand.report(report, console: console, what: request.raw ? "samples" : "updates")
        console.note(
            "published \(final.delivered) messages; \(final.dropped) dropped, \(final.rejected) rejected, "
                + "\(final.connections) connection\(final.connections == 1 ? "" : "s")")
        return .ok
    }

    /// Waits for the first connection: a refused login or unusable TLS files always end the command; an
    /// unreachable broker ends it unless `--wait`.
    static func connect(_ publisher: ReadingsPublisher, request: Request, console: Console) throws {
        do {
            if try publisher.waitUntilConnected(timeout: 10) { return }
            guard request.wait else {
                throw CLIError(
                    "no answer from \(request.settings.broker) within 10 s; check the host and port, or add --wait",
                    exitCode: .unavailable)
            }
        } catch let error as MQTTError {
            guard request.wait, error.failure.isTransient || error.failure == .tlsHandshake else {
                publisher.stop(drainTimeout: 0)
                throw error
            }
            console.warning("\(error); publishing anyway (--wait): messages wait until the broker answers")
        }
    }
}
