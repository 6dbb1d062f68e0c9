/// Detects samples lost between the sensor and the reader from the timestamps alone: a gap longer than 1.5 nominal
/// sampling periods means `round(gap / period) - 1` samples went missing.
///
/// The filter itself is unaffected: it always sees the real `dt` between the samples it gets.
public struct OverrunDetector: Sendable {
    /// The nominal sampling period, s.
    public let period: Double
    /// Overrun events and missed samples so far.
    public private(set) var overruns = 0
    public private(set) var missedSamples = 0
    private var last: Double?

    /// A detector for a sensor sampling every `period` seconds (no detection when `period` is not positive).
    public init(period: Double) {
        self.period = period
    }

    /// Records the timestamp of the next sample, s.
    public mutating func observe(_ t: Double) {
        defer { last = t }
        guard let last, period > 0 else { return }
        let gap = t - last
        guard gap > 1.5 * period else { return }
        overruns += 1
        missedSamples += max(1, Int((gap / period).rounded()) - 1)
    }
}
