import BodyReadings
import Sensors
import TextFormats

/// The `--source` family of options shared by `stream`, `record` and `calibrate`.
enum SourceOptions {
    /// Every option of the family, `--uri` included.
    static let all: [OptionSpec] = [.source, .uri, .seed, .fast]

    /// Refuses the family's options, and the command's `others` (e.g. `--interval`), beside a FILE: they are for a
    /// live source. The first one given, in this order, is named.
    static func refuseBesideFile(_ arguments: ParsedArguments, others: [OptionSpec] = []) throws(CLIError) {
        if let given = (all + others).first(where: arguments.has) {
            throw .usage("\(given.name) is for a live source; drop it or the FILE", command: arguments.command)
        }
    }

    /// The simulated IMU's seed when `--seed` is not given.
    static let defaultSeed: UInt64 = 1

    /// The source the options name.
    static func specification(_ arguments: ParsedArguments) throws(CLIError) -> MotionSourceSpecification {
        var seed: UInt64?
        if let text = arguments.value(.seed) {
            guard let value = UInt64(text) else {
                throw .usage("option '--seed' needs a whole number ≥ 0, not '\(text)'", command: arguments.command)
            }
            seed = value
        }
        switch parse(arguments.value(.source), uri: arguments.value(.uri), seed: seed, fast: arguments.has(.fast)) {
        case .success(let specification):
            return specification
        case .failure(let failure):
            throw .usage(failure.message, command: arguments.command)
        }
    }

    /// Parses the `--source` value; `uri`, `seed` and `fast` are the values of `--uri`, `--seed` and `--fast`.
    /// Fails with a reason for anything that is not a source or combines options that do not fit.
    static func parse(
        _ text: String?, uri: String?, seed: UInt64?, fast: Bool
    ) -> Result<MotionSourceSpecification, ParseFailure> {
        let pacing: MotionSourceSpecification.Pacing = fast ? .fast : .realTime
        switch text ?? "iio" {
        case "iio":
            if seed != nil { return .failure(ParseFailure("--seed only applies to --source sim")) }
            if fast { return .failure(ParseFailure("--fast only applies to --source sim or replay:FILE")) }
            return .success(.iio(uri: uri))
        case "sim":
            if uri != nil { return .failure(ParseFailure("--uri only applies to --source iio")) }
            return .success(.simulated(seed: seed ?? defaultSeed, pacing: pacing))
        case let other where other.hasPrefix("replay:"):
            let path = String(other.dropFirst("replay:".count))
            guard !path.isEmpty else { return .failure(ParseFailure("--source replay: needs a file, e.g. replay:walk.csv")) }
            if uri != nil { return .failure(ParseFailure("--uri only applies to --source iio")) }
            if seed != nil { return .failure(ParseFailure("--seed only applies to --source sim")) }
            return .success(.replay(path: path, pacing: pacing))
        case let other where other == "serve" || other.hasPrefix("serve:"):
            let path = other == "serve" ? nil : String(other.dropFirst("serve:".count))
            if path?.isEmpty == true {
                return .failure(ParseFailure("--source serve: needs a socket, e.g. serve:/run/bodyreadings/serve.sock"))
            }
            if uri != nil { return .failure(ParseFailure("--uri only applies to --source iio (give it to 'serve')")) }
            if seed != nil { return .failure(ParseFailure("--seed only applies to --source sim")) }
            if fast { return .failure(ParseFailure("--fast only applies to --source sim or replay:FILE")) }
            return .success(.service(path: path))
        case let other:
            return .failure(ParseFailure("unknown source '\(other)': use iio, sim, replay:FILE or serve[:SOCKET]"))
        }
    }

    /// Opens the source `specification` names; a missing service is named with the command that starts one, and
    /// sensors held by a running service with `--source serve`. `environment` (the console's) says where a service's
    /// socket is when `--source serve` names none.
    static func open(_ specification: MotionSourceSpecification, environment: [String: String]) throws -> any MotionSource {
        let source: any MotionSource
        var specification = specification
        if case .service(nil) = specification {
            specification = .service(path: ServiceMotionSource.defaultPath(environment: environment))
        }
        do throws(CaptureError) {
            source = try specification.makeSource()
        } catch {
            guard case .service = specification else { throw error }
            throw serviceFailure(error)
        }
        return source
    }

    /// A failure to reach the service of `--source serve`: a missing one is named with the command that starts it.
    static func serviceFailure(_ error: CaptureError) -> any Error {
        guard error.kind == .notFound else { return error }
        return CLIError(
            "\(error.message); start it with 'bodyreadings serve' (or 'systemctl start bodyreadings' for the "
                + "system service), or read the sensors directly with --source iio",
            exitCode: .unavailable)
    }

    /// Why `--source` and its options did not parse.
    struct ParseFailure: Error, Equatable {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// `--interval SECONDS`: finite, positive, at most a minute; checked against the source's fastest rate later.
    static func interval(_ arguments: ParsedArguments) throws(CLIError) -> Double {
        let interval = try arguments.number(.interval)
        guard interval > 0, interval <= 60 else {
            throw .usage(
                "option '--interval' must be more than 0 and at most 60 seconds, not \(arguments.value(.interval) ?? "")",
                command: arguments.command)
        }
        return interval
    }

    /// Refuses an interval shorter than one period of the source's fastest sampling rate.
    static func check(interval: Double, against info: MotionSourceInfo, command: String) throws(CLIError) {
        guard let rate = info.maximumSampleRate, rate > 0, interval < 1 / rate - 1e-12 else { return }
        throw .usage(
            "--interval \(FixedDecimal.readable(interval)) is shorter than the sensor allows (at most "
                + "\(FixedDecimal.readable(rate)) Hz: --interval ≥ \(FixedDecimal.readable(1 / rate)))",
            command: command)
    }
}
