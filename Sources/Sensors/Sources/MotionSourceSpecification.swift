/// Which source to read, as `--source` names it: `iio` (default, with `--uri`), `sim` (with `--seed`) or
/// `replay:FILE`; `--fast` runs `sim` and `replay:` as fast as the consumer reads instead of in real time.
public enum MotionSourceSpecification: Sendable, Equatable {
    /// The IIO sensors of a libiio context (nil: `local:`).
    case iio(uri: String?)
    /// The built-in simulated IMU on the demo trajectory, deterministic for a seed.
    case simulated(seed: UInt64, pacing: Pacing)
    /// A recording in the recording format.
    case replay(path: String, pacing: Pacing)

    /// How a simulated or recorded source delivers its samples.
    public enum Pacing: Sendable, Equatable {
        /// At the pace of the sample timestamps (a live stream).
        case realTime
        /// As fast as they are read.
        case fast
    }

    /// Parses the `--source` value; `uri`, `seed` and `fast` are the values of `--uri`, `--seed` and `--fast`.
    /// Returns nil with a reason for anything that is not a source or combines options that do not fit.
    public static func parse(
        _ text: String?, uri: String?, seed: UInt64?, fast: Bool
    ) -> Result<MotionSourceSpecification, ParseFailure> {
        let pacing: Pacing = fast ? .fast : .realTime
        switch text ?? "iio" {
        case "iio":
            if seed != nil { return .failure(ParseFailure("--seed only applies to --source sim")) }
            if fast { return .failure(ParseFailure("--fast only applies to --source sim or replay:FILE")) }
            return .success(.iio(uri: uri))
        case "sim":
            if uri != nil { return .failure(ParseFailure("--uri only applies to --source iio")) }
            return .success(.simulated(seed: seed ?? 1, pacing: pacing))
        case let other where other.hasPrefix("replay:"):
            let path = String(other.dropFirst("replay:".count))
            guard !path.isEmpty else { return .failure(ParseFailure("--source replay: needs a file, e.g. replay:walk.csv")) }
            if uri != nil { return .failure(ParseFailure("--uri only applies to --source iio")) }
            if seed != nil { return .failure(ParseFailure("--seed only applies to --source sim")) }
            return .success(.replay(path: path, pacing: pacing))
        case let other:
            return .failure(ParseFailure("unknown source '\(other)': use iio, sim or replay:FILE"))
        }
    }

    /// Why `--source` and its options did not parse.
    public struct ParseFailure: Error, Sendable, Equatable {
        public var message: String
        public init(_ message: String) { self.message = message }
    }

    /// Opens the source: discovery for `iio`, the recording's header for `replay:`.
    public func makeSource() throws(CaptureError) -> any MotionSource {
        switch self {
        case .iio(let uri):
            return try IIOMotionSource.open(uri: uri)
        case .simulated(let seed, let pacing):
            return SimulatedMotionSource(seed: seed, pacing: pacing)
        case .replay(let path, let pacing):
            return try ReplayMotionSource(path: path, pacing: pacing)
        }
    }
}
