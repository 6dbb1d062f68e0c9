import TextFormats

/// A diagnostic a source reports through `CaptureConfiguration.log` while it starts and runs: a line of information
/// (the sampling frequency chosen, a polling fallback; written as a string, as with swift-log's messages), or a
/// finding with its values, which a caller may phrase in its own terms (the CLI names its `--interval` option).
public enum CaptureNote: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// A line of information, as it is.
    case info(String)
    /// A device delivers fewer samples than it runs at — about `achieved` per second of `rate` Hz — because each
    /// read is a round trip (`cause`); a longer update interval (more samples per read) helps.
    case slowDelivery(device: String, achieved: Double, rate: Double, cause: RoundTrip)
    /// Sysfs values a capture of `device` changed could not be set back when it ended (the server hung up, the
    /// device went away: `gone`): the device keeps the capture's settings. Said once per device, after its capture
    /// ended; a caller that sees it should not report success.
    case notRestored(device: String, values: [UnrestoredValue], gone: Bool)

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
        case .notRestored(let device, let values, let gone):
            Self.leftChanged(device: device, values: values, gone: gone)
        }
    }

    /// The line for a slow delivery, ending in `advice` (the caller's way to ask for a longer update interval).
    public static func slowDelivery(
        device: String, achieved: Double, rate: Double, cause: RoundTrip, advice: String
    ) -> String {
        switch cause {
        case .network:
            "warning: \(device): the network delivers about \(FixedDecimal.readable(achieved, significant: 3)) samples/s of \(rate.sysfsText) Hz; "
                + "\(advice) (bigger batches per round trip)"
        case .polling:
            "warning: \(device): polling achieves about \(FixedDecimal.readable(achieved, significant: 3)) Hz of \(rate.sysfsText) Hz (each read "
                + "is a round trip); \(advice)"
        }
    }

    /// `warning: bmi160 (iio:device0): left changed: sampling_frequency (was 100; Connection reset by peer)`; for
    /// a device that is gone, without the reasons (they all say so).
    private static func leftChanged(device: String, values: [UnrestoredValue], gone: Bool) -> String {
        let list = values.map { value in
            let was = value.previous.isEmpty ? "was none" : "was \(value.previous)"
            return "\(value.attribute) (\(was)\(gone ? "" : "; " + value.reason))"
        }
        return "warning: \(device)\(gone ? " is gone" : ""): left changed: " + list.joined(separator: ", ")
    }
}
