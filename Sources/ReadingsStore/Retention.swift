/// How long the store keeps readings; older rows are deleted by ``ReadingsDatabase/prune(now:)``, which a
/// ``ReadingsRecorder`` runs when it opens and then hourly.
///
/// Sizes at the defaults (measured with `bench/store`): a year of per-minute rows for steps, heart rate and motion
/// with their hourly rollups is about 27 MB; a week of heart-rate samples and beats at 70 bpm about 50 MB.
public struct Retention: Sendable, Hashable {
    /// How long per-minute rows (and their hourly rollups) are kept, s; `.infinity` keeps them for ever.
    /// Default 365 days. Cut at whole UTC hours, so that a rollup never outlives its minutes.
    public var perMinute: Double
    /// How long heart-rate samples and beats are kept, s; `.infinity` keeps them for ever. Default 7 days: their
    /// per-minute summary (mean, minimum, maximum, beat count) stays for ``perMinute``.
    public var samples: Double

    /// Retention with the given spans (s).
    public init(perMinute: Double = 365 * 86400, samples: Double = 7 * 86400) {
        self.perMinute = perMinute
        self.samples = samples
    }
}
