import MotionMath

extension StepDetector {
    /// Everything the detector remembers between samples. Read it to inspect the detector; it changes only through
    /// `update` calls and `reset()`.
    public struct State: Sendable {
        // MARK: Results

        /// Steps counted since the start (kept across gaps).
        public internal(set) var steps = 0
        /// What the wearer is doing now.
        public internal(set) var activity = Activity.still
        /// The step period being tracked, s; nil before any periodicity was found.
        public internal(set) var stepPeriod: Double?
        /// Normalised autocorrelation at the stride lag (0 … 1 for periodic motion): how gait-like the motion is.
        public internal(set) var periodicity = 0.0
        /// Time of the last step, s.
        public internal(set) var lastStepTime: Double?
        /// Tentative steps reported and neither counted nor withdrawn yet (`StepEvent`): a display shows
        /// `steps + tentativeSteps`.
        public internal(set) var tentativeSteps = 0
        /// Samples skipped because their time or acceleration was not finite or beyond `Settings.accelerometerRange`.
        public internal(set) var rejectedSamples = 0

        // MARK: Input binning

        /// The first sample's time: bins are [origin + i/rate, origin + (i+1)/rate).
        var origin: Double?
        /// Index of the bin being filled, and the bin index of internal sample 0 since the last restart.
        var bin = 0
        var firstBin = 0
        var binSum = 0.0
        var binCount = 0

        // MARK: Signal path

        var highPass: Biquad
        var stepLowPass: Biquad
        var periodLowPass: Biquad
        var primed = false
        /// Internal samples since the last restart.
        var n = 0
        /// Mean square of the step signal over about 1 s, and of the walk over about 5 s, (m/s²)².
        var energy = 0.0
        var walkEnergy = 0.0
        var periodicityTracker: PeriodicityTracker
        /// The period signal of the last `Coefficients.historyLength` bins (ring), for the retroactive search.
        var periodSignal: [Double]
        /// The impact signal (high-passed magnitude minus step signal) of the last `Coefficients.impactLength` bins
        /// (ring).
        var impactSignal: [Double]

        // MARK: Period tracking

        var candidatePeriod: Double?
        var candidateSince = 0.0
        var walking = false
        var armed = false
        var lowSince: Double?

        // MARK: Step cycles

        var resonator = StepResonator()
        var resonatorAmplitude = 0.0
        var rising = false
        var cycleMaximum = -Double.greatestFiniteMagnitude
        var cycleMinimum = Double.greatestFiniteMagnitude
        var cyclePeak = 0
        /// Amplitudes and peak bins of the last `Coefficients.recentCycles` cycles.
        var recentAmplitudes: [Double] = []
        var recentPeaks: [Int] = []
        /// The walk's running step amplitude, m/s².
        var reference = 0.0
        var lastStepBin = Int.min / 2
        var lastAcceptBin = Int.min / 2
        /// Scratch for the retroactive search (bins of the steps found, newest first).
        var found: [Int] = []

        // MARK: Tentative steps

        /// Peak bins of the pending tentative steps (ring, oldest at `tentativeHead`).
        var tentativeBins: [Int]
        var tentativeHead = 0
        var lastTentativeBin = Int.min / 2
        /// The step signal's highest value since the last tentative decision, and its bin.
        var tentativeMaximum = -Double.greatestFiniteMagnitude
        var tentativePeak = 0

        init(coefficients c: Coefficients) {
            let rate = Coefficients.rate
            highPass = Biquad(butterworthCutoff: Coefficients.highPassFrequency, rate: rate, highPass: true)
            stepLowPass = Biquad(butterworthCutoff: Coefficients.stepLowPassFrequency, rate: rate, highPass: false)
            periodLowPass = Biquad(butterworthCutoff: Coefficients.periodLowPassFrequency, rate: rate, highPass: false)
            periodicityTracker = PeriodicityTracker(lagCount: c.lagCount, gain: c.periodicityGain)
            periodSignal = Array(repeating: 0, count: c.historyLength)
            impactSignal = Array(repeating: 0, count: c.impactLength)
            recentAmplitudes.reserveCapacity(Coefficients.recentCycles)
            recentPeaks.reserveCapacity(Coefficients.recentCycles)
            found.reserveCapacity(c.historyLength)
            tentativeBins = Array(repeating: 0, count: c.tentativeCapacity)
        }

        /// Starts the signal path again (after a gap), keeping the count, the last step and the time origin.
        mutating func restart(coefficients c: Coefficients, at bin: Int) {
            var fresh = State(coefficients: c)
            fresh.steps = steps
            fresh.lastStepTime = lastStepTime
            fresh.rejectedSamples = rejectedSamples
            fresh.origin = origin
            fresh.bin = bin
            fresh.firstBin = bin
            self = fresh
        }
    }
}
