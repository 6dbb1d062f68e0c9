import Pulse

/// The pipeline stage of heart rate: `BeatDetector` over PPG samples, one `HeartRateUpdate` per sample (the heart
/// rate now, and the beat decided with it). Beats are never decimated away by whoever consumes every update; a
/// consumer that wants the heart rate at an interval decimates the updates.
public struct HeartRateProcessor: ReadingProcessor {
    /// How long a beat's heart rate and quality stand without a newer beat, s: 3 s, one and a half intervals at
    /// 30 beats/min plus the detector's latency.
    public static let hold = 3.0

    /// The detector.
    public private(set) var detector: BeatDetector
    private var latest: (decided: Double, beat: Beat)?

    /// A processor with the detector's default settings, or `settings`.
    public init(settings: BeatDetector.Settings = BeatDetector.Settings()) {
        detector = BeatDetector(settings: settings)
    }

    @inlinable
    public mutating func process(_ input: PPGSample, emit: (HeartRateUpdate) throws -> Void) rethrows {
        try emit(update(input))
    }

    /// The update for one sample.
    @usableFromInline
    mutating func update(_ input: PPGSample) -> HeartRateUpdate {
        let beat = detector.update(input)
        if let beat { latest = (input.t, beat) }
        var sample = HeartRateSample(t: input.t, heartRate: nil, quality: nil)
        if let latest, input.t - latest.decided <= Self.hold {
            sample.heartRate = latest.beat.heartRate
            sample.quality = latest.beat.quality
        }
        return HeartRateUpdate(sample: sample, beat: beat)
    }
}
