/// A diagnostic a source reports through `CaptureConfiguration.log` while it starts and runs: a line of information
/// (the sampling frequency chosen, a polling fallback; written as a string, as with swift-log's messages), or a
/// finding with its values, which a caller may phrase in its own terms (the CLI names its `--interval` option).
public enum CaptureNote: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// A line of information, as it is.
    case info(String)
    /// A device delivers fewer samples than it runs at — about `achieved` per second of `rate` Hz — because each
    /// read is a round trip (`cause`); a longer update interval (more samples per read) helps.
    case slowDelivery(device: String, achieved: Double, rate: Double, cause: RoundTrip)

    /// What makes every read a round trip.
    public enum RoundTrip: Sendable, Equatable {
        /// Buffer refills over a network context (`ip:`).
        case network
        /// Polling `in_*_raw` attributes.
        case polling
    }

    /// An `.info` line.
    public init(stringLiteral value: String) {
        self = .info(value)
    }

    public var description: String {
        switch self {
        case .info(let line): line
        case .slowDelivery(let device, let achieved, let rate, let cause): Self.slowDelivery(
            device: device, achieved: achieved, rate: rate, cause: cause, advice: "a longer update interval helps")
        }
    }

    /// The line for a slow delivery, ending in `advice` (the caller's way to ask for a longer update interval).
    public static func slowDelivery(
        device: String, achieved: Double, rate: Double, cause: RoundTrip, advice: String
    ) -> String {
        switch cause {
        case .network:
            "warning: \(device): the network delivers about \(achieved.sysfsText) samples/s of \(rate.sysfsText) Hz; "
                + "\(advice) (bigger batches per round trip)"
        case .polling:
            "warning: \(device): polling achieves about \(achieved.sysfsText) Hz of \(rate.sysfsText) Hz (each read "
                + "is a round trip); \(advice)"
        }
    }
}
