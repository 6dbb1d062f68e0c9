import Pulse
import TextFormats

/// What the heart-rate output's summary line says (`{"summary":{"beats":N,"mean_heart_rate":…,"duration":…}}`),
/// accumulated over a run.
public struct HeartRateSummary: EventSummary, Sendable, Equatable {
    /// Beats written.
    public private(set) var beats = 0
    /// Beats that carried a heart rate.
    public private(set) var ratedBeats = 0
    /// Sum of their heart rates, beats/min.
    private var heartRateSum = 0.0
    private var first: Double?
    private var last: Double?

    public init() {}

    /// The mean of the heart rates reported with the beats, beats/min; nil when no beat had one.
    public var meanHeartRate: Double? { ratedBeats > 0 ? heartRateSum / Double(ratedBeats) : nil }

    /// Seconds of signal: from the first sample to the last one seen (0 before two samples).
    public var duration: Double {
        guard let first, let last else { return 0 }
        return last - first
    }

    public var rows: Int { beats }

    public var jsonMembers: [(String, JSONValue)] {
        [
            ("beats", WirePrecision.count(beats)), ("mean_heart_rate", meanHeartRate.map(WirePrecision.perMinute) ?? .null),
            ("duration", WirePrecision.time(duration)),
        ]
    }

    /// Counts a beat written.
    public mutating func add(_ beat: Beat) {
        beats += 1
        if let rate = beat.heartRate {
            ratedBeats += 1
            heartRateSum += rate
        }
    }

    /// Notes the time of a sample read, s.
    public mutating func observe(time: Double) {
        if first == nil { first = time }
        last = time
    }
}
