extension StepDetector {
    /// The tunable parameters of the step detector, with their units and defaults.
    ///
    /// Times are in seconds, cadences in steps per second and accelerations in m/s², so the same settings behave the
    /// same at any input rate from 20 Hz up. The defaults come from gait physiology (walking cadences 0.5–2.5 steps/s,
    /// running 2.5–4) and were checked on the 48 development recordings by cross-validation (`bench/steps --cv`, a grid
    /// over `walkingPeriodicity` 0.5/0.55/0.6, `stepAmplitudeFraction` 0.25/0.3, `periodicityTimeConstant` 5/8 s and
    /// `lockInWindow` 15/20 s, with the search window at its ±45 %, which every fold chose when it was in the grid
    /// too): 1.10 % MAPE with these defaults, 1.09 % leaving one walker out, 1.09 % leaving one phone out. 5 of the 6
    /// folds would take `walkingPeriodicity` 0.5 (1.09 % in-sample), but 0.5 counts a simulated car ride (1.6 Hz
    /// bounce, ζ 0.2: 27 steps in 2 min, `PedometryTests`), so 0.6 is kept; `stepAmplitudeFraction` 0.25 is chosen by
    /// every fold and `periodicityTimeConstant` 8 s by 5 of 6. `lockInWindow` 15 and 20 s count alike at
    /// `walkingPeriodicity` 0.5, where the folds choose (the walk recognised latest is recognised sooner there); at 0.6
    /// 20 s finds that walk's first 3 steps and changes nothing else.
    public struct Settings: Sendable, Hashable {
        // MARK: Cadence

        /// The slowest cadence counted as walking, steps/s. Sets the longest stride lag the periodicity is searched
        /// at (2 / this), hence the detector's memory. Default 0.5 steps/s.
        public var minimumCadence: Double = 0.5
        /// The fastest cadence counted, steps/s (sprinters reach about 4.5). A periodicity faster than this is taken
        /// for something else (shaking, vibration), never for steps. Default 4 steps/s.
        public var maximumCadence: Double = 4.0
        /// Cadences above this are running, below it walking, steps/s (150 steps/min: the walk–run transition of
        /// adults lies between 130 and 160). Default 2.5 steps/s.
        public var runningCadence: Double = 2.5

        // MARK: Intensity

        /// The band-passed acceleration magnitude must have at least this RMS for steps to count, m/s². Walking
        /// with the device in a hand on carpet gives about 1. Default 0.3 m/s².
        public var minimumWalkingRMS: Double = 0.3
        /// Running cadences need at least this RMS, m/s²: running impacts are strong wherever the device is carried,
        /// while a weak periodicity above `runningCadence` is a device swinging on a lanyard or in a bag. Default 2.
        public var minimumRunningRMS: Double = 2.0

        // MARK: Periodicity

        /// Time constant of the exponentially weighted autocorrelation that measures the gait's periodicity, s.
        /// Longer averages out the chance periodicity of vehicle vibration and handling; walking is found
        /// retroactively (`lockInWindow`), so it costs no steps. Default 8 s.
        public var periodicityTimeConstant: Double = 8.0
        /// Walking starts when the normalised autocorrelation at the stride lag reaches this, dimensionless (steady
        /// walking: 0.8–1; handling and vehicles: mostly below 0.5). Default 0.6.
        public var walkingPeriodicity: Double = 0.6
        /// How far back the steps that led up to the start of walking are searched, s. The first steps of a walk are
        /// reported when walking is recognised, up to this long after they happened. Walking is recognised 4–12 s
        /// into the development recordings, but 18.4 s into a slow irregular walk on carpet, whose first 8 steps a
        /// 10 s window lost and whose first 3 a 15 s window lost (Pixel_Jamie_Carpet_InHand_1). Sets the ring of the
        /// period signal (this + 2 strides at `minimumCadence`). Default 20 s.
        public var lockInWindow: Double = 20.0

        // MARK: Steps

        /// A cycle of the step resonator counts as a step when the step signal's amplitude in it is at least this
        /// fraction of the walk's running amplitude, dimensionless. Default 0.25.
        public var stepAmplitudeFraction: Double = 0.25
        /// Walking ends when the step signal's RMS (over 1 s) falls below this fraction of the walk's (over 5 s),
        /// dimensionless: a stop, unlike a turn, takes most of the energy away. Default 0.4.
        public var stopEnergyFraction: Double = 0.4

        // MARK: Time

        /// A sample with an acceleration component beyond ± this is no sensor's reading (a corrupt value, a wrong
        /// scale) and is skipped, counted in `State.rejectedSamples`: one value of 1e308 would otherwise fill the
        /// filters with infinities and end the count. m/s²; default 16 g, the widest range of common accelerometers
        /// (phones use ±8 g; a component at its full scale, clipped, is kept).
        public var accelerometerRange: Double = 16 * 9.80665

        /// A timestamp gap longer than this restarts the detector (the count is kept), s. Default 1 s.
        public var maximumGap: Double = 1.0

        // MARK: Distance

        /// The wearer's height, m; sets the default `stepLength`. Default 1.70 m.
        public var height: Double = 1.70
        /// The distance covered by one step (heel print to heel print of the other foot; many pedometers call it
        /// "stride length"), m, or nil for 0.414 × `height` — the midpoint of the rule of thumb that pedometer makers
        /// give (0.413 × height for women, 0.415 × height for men; e.g. Verywell Fit, "How to Calculate Stride
        /// Length By Height"): 0.70 m at 1.70 m. Default nil.
        public var stepLength: Double? = nil

        /// The default settings.
        public init() {}
    }
}
