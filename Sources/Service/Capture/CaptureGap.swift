import BodyReadings

/// Samples the sensors did not deliver while they restarted for a new interval plan: the last sample before the
/// restart came at `from`, the first after it at `to` (s, the readings' clock), and about `missed` samples at the
/// rate that ran before would have come between them. Published by `ServiceCapture.gaps` before the sample at `to`,
/// so that a client hears of the loss before the update that follows it.
public struct CaptureGap: Timestamped, Sendable, Equatable {
    /// The time of the last sample before the gap, s.
    public var from: Double
    /// The time of the first sample after the gap, s.
    public var to: Double
    /// The samples that would have come between the two at the rate that ran before.
    public var missed: Int

    public init(from: Double, to: Double, missed: Int) {
        self.from = from
        self.to = to
        self.missed = missed
    }

    /// The gap between `from` and `to` at a sample `period` (s): the samples that fit strictly between them,
    /// nil when none is missing (a restart whose clock went on, like the simulated IMU's).
    init?(from: Double, to: Double, period: Double) {
        guard period > 0, to > from else { return nil }
        let missed = Int(((to - from) / period).rounded()) - 1
        guard missed > 0 else { return nil }
        self.init(from: from, to: to, missed: missed)
    }

    /// `to`: a gap belongs to the sample that ends it.
    public var t: Double { to }
}
