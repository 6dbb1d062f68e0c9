extension BeatDetector {
    /// A detected beat whose quality is not decided yet (its template window has not passed).
    struct PendingBeat: Sendable, Hashable {
        /// The beat's time, s.
        var t: Double
        /// Its upstroke slope was within [threshold, artefact ratio] × the slope level.
        var slopePlausible: Bool
        /// It came inside an artefact's hold time.
        var poorAtDetection: Bool
        /// The previous detected beat's time, s.
        var previousTime: Double?
    }
}
