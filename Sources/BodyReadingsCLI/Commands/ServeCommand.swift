import BodyReadings
import Publishing
import Dispatch
import HTTP
import ReadingFormats
import ReadingsStore
import Sensors
import Service
import SystemSupport
import TextFormats

#if canImport(Glibc)
import Glibc
#endif

/// `bodyreadings serve`: owns the sensors and shares every reading with any number of clients, each at its own
/// interval, over a Unix socket (docs/socket-api.md).
enum ServeCommand {
    static let command = Command(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "serve",
        overview: "Own the sensors and share their readings with any number of clients (a Unix socket).",
        options: SourceOptions.all + ([
            .socket,
            .captureInterval,
            .clientQueue,
            .maxClients,
            .mqtt,
            .mqttInterval,
            .counter,
            .store,
            .noStore,
            .storeFlush,
        ] as [OptionSpec]) + HTTPOptions.all + MQTTOptions.all + CalibrationOptions.all,
        discussion: """
            Clients connect to the socket and send one JSON request per line: subscribe to motion, raw, steps, \
            heart_rate or altitude at their own interval, unsubscribe, available, status, history. Every update is one JSON \
            line; a client that does not keep up loses its oldest updates (and is told how many), never delaying \
            the others. The sensors run for the shortest interval any client asks for. 'stream', 'record' and \
            'calibrate' read through a running service with --source serve. Protocol: docs/socket-api.md.

            Stops on SIGINT or SIGTERM: clients are told, the sensors' sysfs settings restored, the socket removed.

            With --http HOST:PORT it also serves the dashboard (/), a JSON API (/api/...) and event streams \
            (/events/...) over HTTP; an address other than loopback needs --token FILE (docs/http-api.md).

            With --mqtt URL it also publishes device motion, steps and heartbeats to a broker, as 'publish' does, \
            and with a barometer the altitude and today's flights (topics, payloads and outages: docs/mqtt.md).

            It records steps, heart rate, beats, flights climbed and a per-minute motion summary into the readings \
            store (--store), flushed every 30 s and when it stops, so that 'bodyreadings history' and the \
            dashboard's Steps Today survive a restart (a kill -9 loses at most the last 30 s).

            EXAMPLES:
              bodyreadings serve
              bodyreadings serve --source sim --socket /tmp/br.sock
              bodyreadings serve --mqtt mqtt://broker.local --device-id lab-3
              bodyreadings serve --http 127.0.0.1:8080
              bodyreadings serve --http 0.0.0.0:8080 --token ~/.config/bodyreadings/token
              echo '{"op":"subscribe","reading":"motion","interval":0.5}' | socat - UNIX-CONNECT:/tmp/br.sock

            EXIT STATUS: 0 stopped; 64 bad option; 65 malformed recording, --calibration FILE, token or TLS file; \
            69 no IMU, device busy or vanished, or another service on the socket; 74 I/O error, or a --token or TLS \
            file that cannot be read (a directory); 77 permission denied, or a --token file every user may read.
            """
    )

    /// What the user asked for.
    struct Request {
        var source: MotionSourceSpecification
        var socket: String
        var captureInterval: Double
        var settings: ServiceServer.Settings
        /// The broker settings with `--mqtt`, and the interval of published motion.
        var mqtt: (settings: ReadingsPublisher.Settings, interval: Double, wait: Bool)?
        /// The HTTP server's address, token and limits with `--http`.
        var http: HTTPServer.Configuration?
        /// The counter that counts steps.
        var counter: StepCounterChoice
        /// The readings store's path; nil with `--no-store`.
        var store: String?
        /// True when `socket` and `store` are the default places, whose directories `serve` creates; a named
        /// path's directory must exist.
        var socketIsDefault: Bool
        var storeIsDefault: Bool
        /// How often the store is written, s.
        var storeFlush: Double
    }

    static func request(_ arguments: ParsedArguments, console: Console) throws -> Request {
        let source = try SourceOptions.specification(arguments)
        guard
            let socket = arguments.value(.socket)
                ?? ServiceSocketPath.server(environment: console.environment, isRoot: geteuid() == 0)
        else {
            throw CLIError.usage("XDG_RUNTIME_DIR is not set: name the socket with --socket PATH", command: "serve")
        }
        var settings = ServiceServer.Settings(path: socket)
        settings.service = "bodyreadings \(BodyReadingsTool.version)"
        settings.queueLimit = try arguments.wholeNumber(.clientQueue, in: 1...1_000_000)
        settings.maximumClients = try arguments.wholeNumber(.maxClients, in: 1...100_000)
        var mqtt: (ReadingsPublisher.Settings, Double, Bool)?
        if let url = arguments.value(.mqtt) {
            mqtt = (
                try MQTTOptions.settings(url: url, arguments, console: console),
                try arguments.number(.mqttInterval, in: 0.000_5...3600), arguments.has(.wait)
            )
        } else if let option = (MQTTOptions.all + [.mqttInterval]).first(where: arguments.has) {
            throw CLIError.usage("\(option.name) applies to a broker: add --mqtt URL", command: "serve")
        }
        let counter = try CounterOptions.choice(arguments)
        if arguments.has(.noStore), arguments.has(.store) {
            throw CLIError.usage("--store and --no-store exclude each other; keep one", command: "serve")
        }
        let store = arguments.has(.noStore)
            ? nil
            : arguments.value(.store)
                ?? (geteuid() == 0
                    ? StoreLocation.system(environment: console.environment)
                    : StoreLocation.user(environment: console.environment))
        return Request(
            source: source, socket: socket,
            captureInterval: try arguments.number(.captureInterval, in: 0.000_1...60), settings: settings,
            mqtt: mqtt, http: try HTTPOptions.configuration(arguments), counter: counter, store: store,
            socketIsDefault: !arguments.has(.socket), storeIsDefault: !arguments.has(.store),
            storeFlush: try arguments.number(.storeFlush, in: 0.01...60))
    }

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> ExitCode {
        let request = try request(arguments, console: console)
        let capture = try capture(
            request.source, counter: request.counter, arguments, console: console,
            baseInterval: request.captureInterval, log: console.captureLog)
        let recording: StoreRecording?
        do {
            recording = try request.store.map { path throws in
                try StoreRecording(
                    capture: capture, store: ReadingsDatabase(
                        path: path, access: .readWrite, createsDirectory: request.storeIsDefault),
                    settings: ReadingsRecorder.Settings(flushInterval: request.storeFlush),
                    onError: { console.warning("the readings store: \($0)") })
            }
        } catch {
            capture.stop()
            throw error
        }
        var history: CaptureFeed.HistoryQuery?
        var stepsToday: (@Sendable (Step) -> Int)?
        var flightsToday: (@Sendable (AltitudeUpdate) -> (ascended: Int, descended: Int))?
        var status: (@Sendable () -> [(String, JSONValue)])?
        if let recording {
            history = { query throws(ServiceProtocolError) in try recording.history(query) }
            stepsToday = { recording.stepsToday(through: $0) }
            flightsToday = { recording.flightsToday(through: $0) }
            status = { recording.statusMembers }
        }
        let feed = CaptureFeed(
            capture: capture, history: history, stepsToday: stepsToday, flightsToday: flightsToday, status: status)

        let ended = DispatchSemaphore(value: 0)
        let outcome = ServeOutcome()
        capture.onEnd { error in
            outcome.captureEnded(error)
            ended.signal()
        }
        let signals = StopSignals(
            stop: { number in
                outcome.signalled(number)
                ended.signal()
            },
            emergency: {
                console.note("interrupted again: restoring the device and exiting now")
                capture.stopSourceNow()
            })
        defer { signals.uninstall() }

        capture.start()
        try waitForFirstSample(capture, outcome: outcome)
        var started: ServiceServer?
        var publishing: CapturePublishing?
        var web: HTTPServer?
        do {
            try makeDirectory(for: request.socket, isDefault: request.socketIsDefault)
            started = try ServiceServer(request.settings, feed: feed, log: { console.note($0) })
            if let mqtt = request.mqtt {
                var settings = mqtt.settings
                settings.barometer = capture.hasBarometer
                let (publisher, reporter) = try MQTTOptions.start(settings, wait: mqtt.wait, console: console)
                publishing = CapturePublishing(
                    capture: capture, interval: mqtt.interval, publisher: publisher, reporter: reporter,
                    flightsToday: flightsToday)
            }
            if let http = request.http {
                let server = try HTTPOptions.start(
                    http, provider: CaptureReadingsProvider(feed: feed, recording: recording))
                // At most one wake-up of the web's thread per read of the sensors, for the event streams that
                // could not write their events at once (a client behind).
                capture.observeBatches(begin: { server.holdEventWakeUps() }, end: { server.releaseEventWakeUps() })
                web = server
            }
        } catch {
            publishing?.stop(console: console)
            started?.stop(reason: "the service could not start")
            capture.stop()
            try? recording?.stop()
            throw error
        }
        guard let server = started else { return .software }
        console.note("serving \(capture.info.name) on \(request.socket)")
        if let web { console.note("dashboard on http://\(web.address)/") }

        while ended.wait(timeout: .now() + 1) == .timedOut { publishing?.flush() }
        let reason = outcome.reason
        server.stop(reason: reason)
        web?.stop()
        publishing?.stop(console: console)
        capture.stop()
        var storeFailure: StoreError?
        do {
            try recording?.stop()
        } catch {
            storeFailure = error
        }
        console.note("stopped (\(reason))")
        if let error = outcome.failure { throw error }
        if let recording { try requireNothingLost(recording, closing: storeFailure) }
        return .ok
    }

    /// Ends a service that lost readings (the store could not be written: full disk, damaged file) or could not
    /// close its store with the store's failure and its status (74 I/O, 65 damaged, 77 permission), the count in
    /// the line.
    static func requireNothingLost(_ recording: StoreRecording, closing: StoreError?) throws {
        let loss = recording.loss
        guard let cause = loss.cause ?? closing else { return }
        let error = cause.cliError
        guard loss.count > 0 else { throw error }
        throw CLIError(
            "\(loss.count) readings (heart-rate samples, beats, per-minute rows) could not be written to the readings "
                + "store and were lost: \(error.message)", exitCode: error.exitCode)
    }

    /// Creates the default socket's directory when it is missing (`$XDG_RUNTIME_DIR/bodyreadings`, mode 0700;
    /// `/run/bodyreadings`, 0755, writable by root alone); a named socket's directory must exist (exit 74).
    static func makeDirectory(for socket: String, isDefault: Bool) throws(CLIError) {
        let directory = FileSystem.directoryName(socket)
        guard isDefault else {
            guard case .absent = FileSystem.presence(directory) else { return }
            throw CLIError(
                "no directory \(directory) for the socket: create it first or choose another --socket PATH",
                exitCode: .ioError)
        }
        do {
            try FileSystem.makeDirectories(directory, mode: geteuid() == 0 ? 0o755 : 0o700)
        } catch {
            throw CLIError(
                "cannot create the socket's directory \(directory): \(error.reason); choose another --socket PATH",
                exitCode: error.errno.isPermissionError ? .noPermission : .ioError)
        }
    }

    /// The service's capture of `specification`'s source (calibrated as the options say, restarted for a new
    /// interval plan unless it is a recording; opened, not started): what `serve` shares and `dashboard` shows in
    /// process. A hardware `counter` the source lacks is refused.
    static func capture(
        _ specification: MotionSourceSpecification, counter: StepCounterChoice, _ arguments: ParsedArguments,
        console: Console, baseInterval: Double, log: @escaping @Sendable (CaptureNote) -> Void
    ) throws -> ServiceCapture {
        let source = try SourceOptions.open(specification, environment: console.environment)
        let correction = try CalibrationOptions.correction(for: source, arguments, console: console)
        var restart: ServiceCapture.SourceFactory?
        if case .replay = specification {
            restart = nil
        } else {
            restart = { () throws(CaptureError) in try specification.makeSource() }
        }
        if counter == .hardware, !source.info.hasStepCounter {
            source.stop()
            throw CLIError(
                "\(source.info.name) has no hardware step counter (an IIO device with in_steps_input); use "
                    + "'--counter auto' or '--counter software'", exitCode: .unavailable)
        }
        return ServiceCapture(
            source: source, makeSource: restart, correction: correction, baseInterval: baseInterval,
            counter: counter, log: log)
    }

    /// Waits until the sensors deliver (or fail): a service that cannot read its sensors should say so before it
    /// listens. Gives up waiting after 10 s and serves anyway (a sensor may deliver only when it moves).
    static func waitForFirstSample(_ capture: ServiceCapture, outcome: ServeOutcome) throws {
        let first = DispatchSemaphore(value: 0)
        let subscription = capture.raw.subscribe(interval: 3600, deliver: { _ in first.signal() }, end: { _ in first.signal() })
        defer { capture.raw.unsubscribe(subscription) }
        _ = first.wait(timeout: .now() + 10)
        if let failure = outcome.failure {
            capture.stop()
            throw failure
        }
    }
}
