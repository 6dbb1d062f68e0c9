extension BeatDetector {
    /// The tunable parameters of the beat detector, with their units and defaults.
    ///
    /// Times are in seconds and frequencies in hertz, so the same settings behave the same at any sample rate from
    /// 25 Hz up. The defaults come from physiology (heart rates 30–220 beats/min, pulse shapes), checked on the
    /// development recordings and on simulated PPG from 48 to 165 beats/min (`bench/heart-rate`). The results are flat
    /// around them: ±30 % on any one parameter moves the windowed error on the development recordings by at most
    /// 0.09 beats/min with ≥ 95 % of windows covered, except a lower `highPassFrequency` (0.35 Hz: +0.19 beats/min,
    /// 92 % covered) and a stricter `templateCorrelation` (0.975: 48 % covered).
    public struct Settings: Sendable, Hashable {
        // MARK: Band-pass

        /// Cut-off of the high-pass that removes the baseline (breathing, drift), Hz. Default 0.5 Hz (30 beats/min).
        public var highPassFrequency: Double = 0.5
        /// Cut-off of the low-pass that removes noise, Hz; at most 0.35 × the sample rate. Default 8 Hz, which keeps
        /// the systolic upstroke of pulses up to 220 beats/min.
        public var lowPassFrequency: Double = 8.0

        // MARK: Upstroke detection

        /// How long the first upstrokes only teach the detector their size before beats are reported, s: the slope
        /// level starts as the median of the three steepest upstrokes of this time, so that one transient or one
        /// diastolic wave does not set it. Default 3 s (at least two beats down to 40 beats/min).
        public var learningTime: Double = 3.0
        /// A beat's upstroke (steepest rise of the band-passed pulse) must reach this fraction of the slope level (the
        /// second largest of the last `levelBeats` upstrokes). Default 0.5: above the diastolic wave and the dicrotic notch
        /// (typically 0.1–0.35 of the systolic slope), below the breathing-modulated systolic upstroke.
        public var detectionThreshold: Double = 0.5
        /// After a beat, no other beat is taken for this fraction of the expected RR interval; within it the steepest
        /// upstroke wins. Default 0.5.
        public var refractoryFraction: Double = 0.5
        /// The shortest RR interval taken, s. Default 60/220 s (220 beats/min).
        public var minimumInterval: Double = 60.0 / 220.0
        /// The longest RR interval taken, s; also how long the detector waits for the first beats before it lowers
        /// its threshold. Default 2 s (30 beats/min).
        public var maximumInterval: Double = 2.0
        /// Number of recent upstrokes whose second largest is the slope level: the systolic upstrokes, not a diastolic
        /// wave that passed the threshold, nor one outlier. Default 5.
        public var levelBeats: Int = 5

        // MARK: Signal quality

        /// A timestamp gap longer than this restarts the signal path (filters, pending beats), s. Default 0.5 s.
        public var maximumGap: Double = 0.5
        /// A sample beyond ± this is no sensor's reading (a corrupt value, a wrong scale) and is rejected like a
        /// non-finite one: counted in `State.rejectedSamples`, an artefact, never fed to the filters, where one value
        /// of 1e308 would take minutes to decay (or overflow them for good). Default 2²⁴ = 16,777,216, the full
        /// scale of the widest PPG converters (24 bits; MAX3010x have 18, AFE4404 22), far above a pulse oximeter's
        /// pleth in any unit.
        public var valueRange: Double = 16_777_216
        /// Identical raw samples for this long count as a flat line (finger off, saturation, a stalled sensor), s.
        /// Default 0.25 s (pulse oximeters hold the value for up to 0.17 s at a trough on the development records).
        public var flatLineDuration: Double = 0.25
        /// A slope steeper than this multiple of the slope level marks an artefact. Default 3.
        public var artefactSlopeRatio: Double = 3.0
        /// A band-passed excursion larger than this multiple of the pulse amplitude (median of the last
        /// `levelBeats` good pulses, trough to peak) marks an artefact. Default 2.
        public var artefactAmplitudeRatio: Double = 2.0
        /// How long after an artefact, a flat line or an invalid sample beats stay `poor`, s: the band-pass's
        /// transient. Default 1 s.
        public var artefactHold: Double = 1.0
        /// After this long without a clean beat (a much stronger or weaker pulse, a new sensor gain, a long artefact)
        /// the detector learns its levels again, s; an artefact while the pulse is lost (at the level floor, or after
        /// such a relearn: the finger is back) makes it learn them at once. Default 12 s.
        public var relearnTime: Double = 12.0
        /// The slope level decays (step 7) no lower than this fraction of its value at the last beat with a heart
        /// rate: below it there is no pulse, only noise (finger off). Default 1/16.
        public var levelFloor: Double = 1.0 / 16.0
        /// A pulse whose shape correlates less than this with the learnt pulse template is `poor`. Default 0.75.
        public var templateCorrelation: Double = 0.75
        /// Number of points of the pulse template. Default 24.
        public var templatePoints: Int = 24
        /// The template spans from this fraction of the expected RR interval before the upstroke … Default 0.3.
        public var templateBefore: Double = 0.3
        /// … to this fraction after it; a beat is reported once this window has passed. Default 0.6.
        public var templateAfter: Double = 0.6
        /// The template window's RR interval before a rhythm is known, s. Default 0.75 s.
        public var defaultInterval: Double = 0.75

        // MARK: Rhythm and heart rate

        /// An interval agrees with the rhythm when it is within this fraction of the expected RR interval (the median
        /// of the last `trackedIntervals` agreeing ones). Default 0.25.
        public var rhythmTolerance: Double = 0.25
        /// Number of intervals the rhythm tracker keeps. Default 7.
        public var trackedIntervals: Int = 7
        /// Number of agreeing intervals before the rhythm is known and heart rates are reported. Default 3.
        public var lockIntervals: Int = 3
        /// The reported heart rate is 60 · n / Σ RR over the agreeing intervals of the last `smoothingTime`, s.
        /// Default 8 s: at least one breath at 7.5 breaths/min or more, so that respiratory sinus arrhythmia averages
        /// out instead of biasing the rate (a mean of per-beat rates over a breath exceeds the beat rate).
        public var smoothingTime: Double = 8.0
        /// At most this many intervals are averaged. Default 32 (8 s at 240 beats/min).
        public var smoothingBeats: Int = 32

        /// The defaults.
        public init() {}
    }
}
