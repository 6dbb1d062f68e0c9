import Pulse

/// What the heart-rate processor says at each PPG sample: the heart rate now and, when the detector decided one
/// with this sample, a beat.
public struct HeartRateUpdate: Sendable, Hashable, Timestamped {
    /// The heart rate at this sample.
    public var sample: HeartRateSample
    /// The beat decided with this sample (its `t` is earlier: see `BeatDetector`'s latency), if any.
    public var beat: Beat?

    /// The sample's time, s.
    public var t: Double { sample.t }

    /// An update of `sample`, with `beat` when one was decided.
    public init(sample: HeartRateSample, beat: Beat?) {
        self.sample = sample
        self.beat = beat
    }
}
