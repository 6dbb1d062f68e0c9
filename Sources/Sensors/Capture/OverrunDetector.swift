/// Detects samples lost between the sensor and the reader from the timestamps alone.
///
/// A gap longer than 1.5 nominal sampling periods is a candidate. It counts as lost samples only when the samples
/// after it do not make up for it: a device that timestamps at arrival (HID sensor hubs, whose reports come late and
/// then catch up) or a polled schedule shows late samples followed by early ones, and nothing is missing. So each
/// candidate is judged once `horizon` more samples have come: the delay left, Σ(gap − 1) periods over the candidate
/// and the gaps after it, rounded down after adding a quarter period, is the number of samples missed (at most
/// `round(gap) − 1`). Counts read before that include a provisional judgment of the candidates still waiting that
/// have at least two samples after them.
///
/// The filter itself is unaffected: it always sees the real `dt` between the samples it gets.
public struct OverrunDetector: Sendable {
    /// The nominal sampling period, s.
    public let period: Double
    /// Samples after a candidate gap that may still make up for it. Default 10 (a HID hub's catch-up window).
    public let horizon: Int
    private var confirmedOverruns = 0
    private var confirmedMissed = 0
    private var last: Double?
    /// Gaps not judged yet, in periods, oldest first.
    private var pending: [Double] = []

    /// A detector for a sensor sampling every `period` seconds (no detection when `period` is not positive).
    public init(period: Double, horizon: Int = 10) {
        self.period = period
        self.horizon = max(0, horizon)
    }

    /// Overrun events so far (gaps that lost samples).
    public var overruns: Int { finished.confirmedOverruns }
    /// Samples missed so far.
    public var missedSamples: Int { finished.confirmedMissed }
    /// The longest gap seen, s.
    public private(set) var largestGap = 0.0

    /// Records the timestamp of the next sample, s.
    public mutating func observe(_ t: Double) {
        defer { last = t }
        guard let last, period > 0 else { return }
        largestGap = max(largestGap, t - last)
        pending.append((t - last) / period)
        if pending.count > horizon { judgeOldest() }
    }

    /// This detector with the waiting gaps judged on what came after them so far — those followed by at least
    /// `minimumFollowing` samples: a capture stopped right after a late sample never read the ones that made up
    /// for it.
    private var finished: OverrunDetector {
        var copy = self
        while copy.pending.count > Self.minimumFollowing { copy.judgeOldest() }
        return copy
    }

    /// Samples after a gap needed for a provisional judgment.
    private static let minimumFollowing = 2

    private mutating func judgeOldest() {
        let gap = pending.removeFirst()
        guard gap > 1.5 else { return }
        let delay = pending.reduce(gap - 1) { $0 + $1 - 1 }
        let missed = min(Int((delay + 0.25).rounded(.down)), Int(gap.rounded()) - 1)
        guard missed >= 1 else { return }
        confirmedOverruns += 1
        confirmedMissed += missed
    }
}
