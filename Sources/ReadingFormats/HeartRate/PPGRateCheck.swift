import Pulse

/// Refuses a PPG recording whose samples come faster than `BeatDetector.maximumSampleRate` (its nominal rate, taken
/// as the detector takes it: the median of the first eight time steps): times in another unit than seconds, which
/// no pulse sensor gives. The one check of every reader of recorded pulse samples (`heart-rate FILE`, `replay:`).
public struct PPGRateCheck: Sendable {
    private var period = NominalPeriod()

    public init() {}

    /// Takes the next PPG sample's time; the reason to refuse the recording once its nominal rate is known and too
    /// high, else nil.
    public mutating func add(_ t: Double) -> RecordingError.Reason? {
        guard let period = period.add(t), 1 / period > BeatDetector.maximumSampleRate else { return nil }
        return .sampleRateTooHigh(rate: 1 / period, maximum: BeatDetector.maximumSampleRate)
    }
}
