extension StepDetector {
    /// Constants derived from `Settings`, and the fixed constants of the algorithm (never set directly).
    ///
    /// The fixed constants were chosen once from the physics of gait and the development recordings, and are not
    /// meant to be tuned per device: the internal rate, the filter corners, the resonator's Q and the thresholds of
    /// the period search and of the walk's state machine.
    public struct Coefficients: Sendable, Hashable {
        // MARK: Fixed constants

        /// The internal sample rate, Hz: input samples are averaged into bins of 1/25 s. Steps have no energy above
        /// 5 Hz that counting needs, and the autocorrelation costs one multiply-add per lag and bin.
        public static let rate = 25.0
        /// High-pass corner that removes gravity and posture changes from the magnitude, Hz.
        public static let highPassFrequency = 0.3
        /// Low-pass corner of the step signal (counting, amplitudes, timestamps), Hz.
        public static let stepLowPassFrequency = 5.0
        /// Low-pass corner of the period signal (autocorrelation, retroactive search), Hz: lower, so that the odd
        /// harmonics of an asymmetric gait (a device in a trouser pocket) weigh less in the step/stride decision.
        public static let periodLowPassFrequency = 3.5
        /// The period is searched every this many bins (0.2 s).
        public static let decisionInterval = 5
        /// A stride-lag candidate must reach this fraction of the best autocorrelation in the cadence range.
        public static let relativePeak = 0.8
        /// The autocorrelation at half the stride lag must be at least this: the steps (even harmonics of the stride)
        /// outweigh the left/right asymmetry (odd harmonics). Half a step period gives −0.4 to −0.95 in the
        /// development recordings, the step period itself −0.05 to 0.5 (trouser pockets) and 0.3 to 0.99 elsewhere.
        public static let halfLagMinimum = -0.1
        /// A stride found at twice (within this fraction) a candidate given up for its half lag is checked for
        /// impacts at the candidate's half (`StepDetector.impactsAlike(lag:)`), dimensionless.
        public static let octaveMatch = 0.15
        /// ... if that candidate's periodicity is at least this, dimensionless: a steady walk's stride (0.94–0.99 in
        /// the simulated back-pocket walks of `StepDetectorAsymmetricGaitTests`). A slow, irregular walk on carpet
        /// (Pixel_Jamie_Carpet_InHand_1) has such candidates at 0.49–0.71 with impacts that correlate at half a
        /// step, and without this check loses 14 of its 195 steps.
        public static let halvedPeriodicity = 0.8
        /// Length of that check's window, s.
        public static let impactWindow = 4.0
        /// The impact signal's normalised correlation at that lag from which the shorter stride is taken: two
        /// impacts in every stride, however unlike, dimensionless.
        public static let impactCorrelation = 0.15
        /// An autocorrelation peak this high at a lag shorter than the fastest step means a faster periodic motion
        /// (shaking, vibration): no steps.
        public static let fastPeriodicity = 0.5
        /// While walking, a periodicity below this for `exitTime` ends the walk (turns last shorter).
        public static let exitPeriodicity = 0.3
        /// See `exitPeriodicity`, s.
        public static let exitTime = 1.5
        /// A new period more than `octaveTolerance` away from the current one (typically double or half) is taken
        /// only after it persisted this long while walking, s.
        public static let octaveHold = 2.0
        /// Relative difference between periods taken as the same period, dimensionless.
        public static let octaveTolerance = 0.3
        /// Quality factor of the step resonator (bandwidth = cadence / Q).
        public static let resonatorQ = 2.0
        /// Hysteresis of the resonator's zero crossings, as a fraction of its amplitude.
        public static let hysteresis = 0.2
        /// Time constant of the step signal's energy (walking and stop detection), s.
        public static let energyTimeConstant = 1.0
        /// Time constant of the walk's reference energy, s.
        public static let walkEnergyTimeConstant = 5.0
        /// The walk's reference amplitude follows each step by 1/this of the difference.
        public static let referenceSteps = 4.0
        /// Walking ends when no step came for this many periods.
        public static let endPeriods = 2.5
        /// Two steps are at least this fraction of a period apart.
        public static let minimumSpacing = 0.5
        /// The retroactive search looks for a step's peak within ± this fraction of a period of where it should be.
        /// The first steps of a walk come at a rhythm of their own, so that a narrow window puts their peaks on its
        /// edge and the search stops: development MAPE 1.23 % at ±35 %, 1.10 % at ±45 %, 1.19 % at ±50 % (where the
        /// window reaches the neighbouring steps); `bench/steps --cv` chooses ±45 % on every fold.
        public static let searchWindow = 0.45
        /// Number of recent resonator cycles whose median amplitude is the reference when walking starts, and
        /// whose strides must be regular for it to start.
        public static let recentCycles = 4
        /// Walking starts only while each of the last strides (peak to the peak after next) lasts two step periods
        /// within this fraction: a car's bounce that is periodic by chance rarely is (without the check the
        /// simulated ride at 1 Hz, ζ 0.2 gives 8 steps in 2 min), a walk is from its first steps (development MAPE
        /// 1.10 % with the check and without: it recognises Pixel_Jamie_Carpet_InHand_1, an irregular walk on carpet,
        /// 1.6 s later, which the 20 s `Settings.lockInWindow` still covers; with 15 s that cost 2 of its 195 steps).
        public static let startRegularity = 0.25
        /// A tentative step's peak reaches this many times `Settings.minimumWalkingRMS`. At 1, the first step of each
        /// of the 48 development recordings is reported within 1 s; at 2 (fewer tentative steps on handling), 45.
        public static let tentativePeak = 1.0
        /// A tentative step's peak stays the highest for this long, s, before it is reported (its latency).
        public static let tentativeDelay = 0.2
        /// ... and the step signal has fallen to this fraction of it.
        public static let tentativeFall = 0.5
        /// Pending tentative steps are withdrawn after this long without a new one, s (a walk's steps come at
        /// least every 2 s, 1 / `Settings.minimumCadence`).
        public static let tentativeQuiet = 3.0

        // MARK: Derived

        /// The shortest and longest stride lags searched, bins.
        public let shortestLag: Int
        public let longestLag: Int
        /// Number of autocorrelation lags kept (0 … `lagCount` − 1).
        public let lagCount: Int
        /// Lags up to this (bins) are checked for a periodicity faster than `Settings.maximumCadence`.
        public let fastLag: Int
        /// Stride lags shorter than this (bins) are running cadences.
        public let runningLag: Double
        /// Weight of a new bin in the autocorrelation (1 / (τ · rate)).
        public let periodicityGain: Double
        /// Weights of a new bin in the step signal's energy, the walk's energy and the resonator's amplitude.
        public let energyGain: Double
        public let walkEnergyGain: Double
        public let amplitudeGain: Double
        /// Squared RMS thresholds, (m/s²)², and the squared stop fraction.
        public let minimumWalkingEnergy: Double
        public let minimumRunningEnergy: Double
        public let stopEnergyRatio: Double
        /// Bins of period signal kept for the retroactive search.
        public let historyLength: Int
        /// Bins of the impact check's window, and of the impact signal kept for it.
        public let impactWindowBins: Int
        public let impactLength: Int
        /// The distance of one step, m.
        public let stepLength: Double
        /// A tentative step's least peak, m/s², the bins it must stay the highest, the least bins between two, and
        /// how many can be pending (they are at least 1 / `Settings.maximumCadence` apart and withdrawn after
        /// `Settings.lockInWindow`).
        public let tentativeFloor: Double
        public let tentativeDelayBins: Int
        public let tentativeSpacing: Double
        public let tentativeCapacity: Int

        /// Derives the coefficients for `settings`.
        public init(settings s: Settings) {
            let rate = Self.rate
            shortestLag = Swift.max(2, Int(2 * rate / s.maximumCadence))
            longestLag = Swift.max(shortestLag + 2, Int((2 * rate / s.minimumCadence + 0.5).rounded(.down)))
            lagCount = longestLag + 3
            fastLag = Swift.max(1, Swift.min(Int((rate / s.maximumCadence).rounded(.down)), shortestLag - 1))
            runningLag = 2 * rate / s.runningCadence
            periodicityGain = 1 / (s.periodicityTimeConstant * rate)
            energyGain = 1 / (Self.energyTimeConstant * rate)
            walkEnergyGain = 1 / (Self.walkEnergyTimeConstant * rate)
            amplitudeGain = 1 / rate
            minimumWalkingEnergy = s.minimumWalkingRMS * s.minimumWalkingRMS
            minimumRunningEnergy = s.minimumRunningRMS * s.minimumRunningRMS
            stopEnergyRatio = s.stopEnergyFraction * s.stopEnergyFraction
            historyLength = Int((s.lockInWindow + 1 / s.minimumCadence) * rate) + 4
            impactWindowBins = Int(Self.impactWindow * rate)
            impactLength = impactWindowBins + longestLag + 2
            stepLength = s.stepLength ?? 0.414 * s.height
            tentativeFloor = Self.tentativePeak * s.minimumWalkingRMS
            tentativeDelayBins = Int((Self.tentativeDelay * rate + 0.5).rounded(.down))
            tentativeSpacing = rate / s.maximumCadence
            tentativeCapacity = Int((s.lockInWindow * s.maximumCadence).rounded(.up)) + 2
        }
    }
}
