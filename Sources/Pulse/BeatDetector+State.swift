import MotionMath

extension BeatDetector {
    /// Everything the detector remembers between samples. Read it to inspect the detector; it changes only through
    /// `update(time:value:)` and `reset()`.
    public struct State: Sendable {
        // MARK: Timing

        /// Time of the last accepted sample, s.
        public internal(set) var lastTime: Double?
        /// The nominal period, from the first time steps.
        var nominalPeriod = NominalPeriod()
        /// Samples whose value was not a number or beyond `Settings.valueRange` (their times still count).
        public internal(set) var rejectedSamples = 0

        // MARK: Signal path

        var highPass: Biquad?
        var lowPass: Biquad?
        var primed = false
        var previousFiltered: Double?
        /// The slope (first difference of the band-passed signal) one and two samples back, and the time of the first.
        var slope1: Double?
        var slope2: Double?
        var slope1Time = 0.0
        var previousRaw: Double?
        var flatTime = 0.0
        /// Ring buffer of band-passed samples and their times, for the pulse template.
        var ringTime: [Double] = []
        var ringValue: [Double] = []
        var ringHead = 0
        var ringCount = 0

        // MARK: Signal quality

        /// Beats before this time are `poor` (artefact, flat line, invalid sample, plus `Settings.artefactHold`), s.
        public internal(set) var poorUntil = -Double.infinity
        /// True from reaching the level floor, or from a relearn for want of clean beats, to the next clean beat
        /// that matches the template (or the next heart rate).
        public internal(set) var pulseLost = false

        // MARK: Levels

        /// The slope level: second largest of the recent upstroke slopes (band-passed units per sample); nil while
        /// learning.
        public internal(set) var slopeLevel: Double?
        var slopes: RecentValues
        /// The slope level at the last beat with a heart rate (the floor is a fraction of it).
        var goodLevel: Double?
        /// Time of the last clean beat (or of the end of learning), s.
        var lastCleanTime: Double?
        var learningStart: Double?
        /// The steepest upstrokes while learning, steepest first (at most three).
        var learningTop: [Double] = []
        /// The pulse amplitude, trough to peak of the band-passed pulse (median of recent good beats); nil until known.
        public internal(set) var pulseAmplitude: Double?
        var amplitudes: RecentValues
        /// The learnt pulse shape: `Settings.templatePoints` values, zero mean, unit norm; empty until learnt.
        public internal(set) var template: [Double] = []
        var templateInterval = 0.0
        var templateMismatches = 0

        // MARK: Beats and rhythm

        /// The pending upstroke candidate (time, slope): a steeper one within the refractory time replaces it.
        var candidate: (time: Double, slope: Double)?
        var lastCandidateTime: Double?
        /// Time of the last detected beat, s.
        public internal(set) var lastBeatTime: Double?
        var lastBeatGood = false
        /// Detected beats waiting for their template window to pass (time, upstroke plausible, poor at detection,
        /// previous beat time).
        var pending: [PendingBeat] = []
        /// The expected RR interval: the median of the tracked agreeing intervals once `Settings.lockIntervals` are
        /// known, s; nil before.
        public internal(set) var expectedInterval: Double?
        var intervals: RecentValues
        var rejectedIntervals = 0
        var smoothing: RecentValues

        init(settings s: Settings) {
            slopes = RecentValues(capacity: s.levelBeats)
            amplitudes = RecentValues(capacity: s.levelBeats)
            intervals = RecentValues(capacity: s.trackedIntervals)
            smoothing = RecentValues(capacity: s.smoothingBeats)
            pending.reserveCapacity(4)
        }
    }
}
