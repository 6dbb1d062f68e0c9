import BodyReadings
import Dispatch
import ReadingsWeb
import Sensors
import Service

#if canImport(Glibc)
import Glibc
#endif

/// `bodyreadings dashboard`: the three cards of the original app — Heart Rate, Steps Today, Live Motion — and the
/// web dashboard's Flights Today, full screen in a terminal, from a running service or from the sensors directly. Both go through a
/// `ReadingsProvider`, the abstraction the web dashboard reads: the service's socket (`ServiceReadingsProvider`)
/// or a capture of the sensors in this process (`ServiceCapture` and `CaptureReadingsProvider`, as `serve` runs
/// them).
enum DashboardCommand {
    static let command = Command(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "dashboard",
        overview: "Show heart rate, steps today, flights today and live motion full screen in the terminal.",
        options: [
            .source.described(
                "serve or serve:SOCKET (a running 'bodyreadings serve'; the default when one runs), iio (this "
                    + "machine's sensors, the default otherwise; see --uri), sim (the simulated IMU) or replay:FILE."),
            .uri, .seed, .fast,
            .interval.described("Seconds between motion updates, 0.01 to 10."),
            .counter,
        ] + CalibrationOptions.all,
        discussion: """
            Three cards, as in the app this project grew from: Heart Rate (beats/min of the newest trusted beat, \
            its quality and age), Steps Today (the day's count, activity and cadence) and Live Motion (the \
            magnitude of user acceleration, the gravity vector, roll, pitch and yaw with a heading arrow, and an \
            artificial horizon when the terminal is wide enough), and the web dashboard's Flights Today (the \
            day's floors climbed while walking, the relative altitude and the pressure, with a barometer), each \
            with a sparkline of the last minutes. A \
            reading that is not measured says why in its card (e.g. "unavailable: this service reads no \
            heart-rate (PPG) sensor yet"); it never shows a zero.

            The cards fill the terminal (its alternate screen: the shell's screen comes back untouched) and follow \
            its size: side by side from 64×18 (Live Motion below), one column from 24×13, one line per reading below \
            that. q quits; \
            so do Ctrl-C, SIGTERM and SIGHUP; Ctrl-Z suspends it with the terminal restored. Every exit restores the terminal's settings and shows the cursor \
            again; the sensors' sysfs settings are restored as by 'stream'. Capture notes appear on the bottom \
            line. NO_COLOR draws without colours.

            With --source serve the service's calibration and step counter apply (--calibration, \
            --no-calibration and --counter are for sensors read here). Read here, Steps Today counts the steps \
            since the dashboard started ('serve' keeps the day's count in the readings store).

            EXAMPLES:
              bodyreadings dashboard
              bodyreadings dashboard --source sim
              bodyreadings dashboard --source serve:/tmp/br.sock
              bodyreadings dashboard --uri ip:192.168.1.20 --interval 0.05

            EXIT STATUS: 0 quit or stopped; 64 bad option, or stdin or stdout is not a terminal; 65 malformed \
            recording or --calibration FILE; 69 no IMU, device busy or vanished, no service on the socket or a \
            full one; 74 I/O error; 77 permission denied.
            """
    )

    /// What the user asked for.
    struct Request {
        var source: MotionSourceSpecification
        var interval: Double
        var counter: StepCounterChoice
    }

    /// The request; without `--source` (and `--uri`) a running service is the source, else this machine's sensors.
    static func request(_ arguments: ParsedArguments, environment: [String: String]) throws(CLIError) -> Request {
        var source = try SourceOptions.specification(arguments)
        if arguments.value(.source) == nil, !arguments.has(.uri),
            let socket = RunningService.socket(environment: environment)
        {
            source = .service(path: socket)
        }
        if case .service = source,
            let option = (CalibrationOptions.all + [.counter]).first(where: { arguments.has($0) })
        {
            throw .usage(
                "\(option.name) applies to sensors read here; the service calibrates and counts steps itself",
                command: "dashboard")
        }
        let interval = try arguments.number(.interval, in: ReadingsWebRoutes.motionIntervals)
        return Request(source: source, interval: interval, counter: try CounterOptions.choice(arguments))
    }

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> ExitCode {
        let request = try request(arguments, environment: console.environment)
        guard isatty(0) == 1, console.outputIsTerminal else {
            throw CLIError(
                "the dashboard needs a terminal on stdin and stdout; run it in one, or pipe readings with "
                    + "'bodyreadings stream'",
                exitCode: .usage)
        }
        let feed = try open(request, arguments, console: console)
        defer { feed.close() }
        let dashboard = try TerminalDashboard(
            readings: feed.readings, input: 0, output: 1, colour: console.environment["NO_COLOR"] == nil)
        let stopNow = feed.stopNow
        let signals = StopSignals(
            stop: { dashboard.stop($0) },
            emergency: {
                dashboard.restoreTerminal()
                stopNow()
            })
        defer { signals.uninstall() }
        feed.readings.subscribe(to: feed.provider, source: feed.name, interval: request.interval)
        let ending = try dashboard.run()
        feed.readings.cancel()
        if case .terminalClosed = ending { console.note("the terminal went away") }
        return .ok
    }

    /// Where the dashboard's readings come from, and how it lets go of them.
    struct Feed {
        var provider: any ReadingsProvider
        /// The source, for the header.
        var name: String
        var readings: DashboardReadings
        /// Ends the feed (the sensors stopped and restored, the connection closed).
        var close: () -> Void
        /// Restores the sensors at once (a second stop signal).
        var stopNow: @Sendable () -> Void
    }

    /// The service's readings through its socket, or a capture of the sensors started here.
    static func open(_ request: Request, _ arguments: ParsedArguments, console: Console) throws -> Feed {
        if case .service(let path) = request.source {
            let provider: ServiceReadingsProvider
            do throws(CaptureError) {
                provider = try ServiceReadingsProvider(path: path ?? ServiceMotionSource.defaultPath(environment: console.environment))
            } catch {
                throw SourceOptions.serviceFailure(error)
            }
            return Feed(
                provider: provider, name: provider.name, readings: DashboardReadings(), close: provider.close,
                stopNow: {})
        }
        let readings = DashboardReadings()
        let capture = try ServeCommand.capture(
            request.source, counter: request.counter, arguments, console: console, baseInterval: request.interval,
            log: { readings.note($0.cliText) })
        let feed = CaptureFeed(capture: capture)
        capture.start()
        try ServeCommand.waitForFirstSample(capture, outcome: outcome(of: capture))
        return Feed(
            provider: CaptureReadingsProvider(feed: feed, recording: nil), name: capture.info.name, readings: readings,
            close: capture.stop, stopNow: capture.stopSourceNow)
    }

    /// A `ServeOutcome` that learns how `capture` ended, for `waitForFirstSample`.
    private static func outcome(of capture: ServiceCapture) -> ServeOutcome {
        let outcome = ServeOutcome()
        capture.onEnd { outcome.captureEnded($0) }
        return outcome
    }
}
