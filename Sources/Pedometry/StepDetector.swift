import MotionMath

/// The step detector: turns timestamped accelerometer samples (any rate from 20 Hz up, jittering timestamps and gaps
/// allowed, any orientation and placement) into steps, cadence and activity.
///
/// The steps, per sample (`update(time:acceleration:onStep:)`, `updateWithTentativeSteps(time:acceleration:onEvent:)`):
/// 1. the magnitude |a| (orientation-free) is averaged into bins of 1/25 s; empty bins (an input slower than 25 Hz,
///    a short dropout) are interpolated, and a gap longer than `Settings.maximumGap` restarts the detector;
/// 2. a 0.3 Hz high-pass removes gravity; low-passes at 5 Hz and 3.5 Hz give the step signal and the period signal;
/// 3. an exponentially weighted autocorrelation of the period signal (`PeriodicityTracker`) finds the stride lag
///    every 0.2 s: a step is half a stride, so a device in a trouser pocket (one strong impact per stride) and one in
///    a hand (two alike) give the same step period; a periodicity faster than `Settings.maximumCadence` (shaking) is
///    no gait. When a limb's swing at the stride frequency outweighs the steps (a back pocket), the autocorrelation
///    peaks at two strides instead; the stride is then taken at half that lag if that is a walking cadence and the
///    impacts (the band above the step signal's corner) recur every half of it (`impactsAlike(lag:)`), so that the
///    walk is not counted at half its cadence;
/// 4. a band-pass resonator tuned to the step period (`StepResonator`) makes one cycle per step; a cycle is a step
///    when the step signal's amplitude in it reaches `Settings.stepAmplitudeFraction` of the walk's, and the step is
///    stamped at the step signal's peak within the cycle;
/// 5. walking starts when the periodicity reaches `Settings.walkingPeriodicity` with enough energy and the last
///    strides of the resonator's cycles lasted two step periods within 25 % (a car's bounce, periodic by chance for
///    a few seconds, is not that regular); the steps that led there are then searched backwards in the buffered
///    period signal, one step period at a time, while they stay within ±45 % of a period of where they should be,
///    strong enough and within `Settings.lockInWindow` (20 s) — a walk is counted from its first step. Walking
///    ends when no step came for 2.5 periods, when the energy falls below `Settings.stopEnergyFraction` of the walk's
///    (a stop), or when the periodicity stays below 0.3 for 1.5 s; the autocorrelation then starts afresh, so that
///    the next walk needs evidence of its own (a device swinging after a stop is not taken for steps);
/// 6. while walking is not recognised, each peak of the step signal of at least `Settings.minimumWalkingRMS` that
///    stays the highest for 0.2 s is a tentative step (`StepEvent`, `StepDetector+Tentative.swift`): only reported,
///    never counted.
///
/// Accuracy (`bench/steps`, 48 development recordings of three walkers on three phones in seven placements):
/// 1.10 % mean absolute error of the count, 1.09 % / 1.09 % when the settings are chosen without the walker / the
/// phone that is scored (cross-validation); within a walk the count follows the recordings' own cadence within 2 steps
/// per 20 s, and the error left is at the walks' starts and in recordings whose counted truth disagrees with
/// their cadence (bench/README.md).
///
/// Latency: during a walk a step is counted when its resonator cycle ends, about a quarter period plus the
/// filters' delay after its peak (0.2–0.4 s at 2 steps/s; at most 1 s for cadences from 1 step/s up). The steps
/// before walking is recognised (typically the first 4–9 s of a walk) are counted together when it is, with their
/// own times, up to `Settings.lockInWindow` late; `updateWithTentativeSteps` reports them as tentative
/// steps 0.2–0.3 s after their peaks meanwhile (`StepEvent`: withdrawn when the walk is recognised and its counted
/// steps follow, or when the motion is no walk), so that counted plus tentative steps are within 1 s of the steps.
///
/// Memory is constant: about 2 × 103 autocorrelation lags, a 22 s ring of the period signal, a 6 s ring of the
/// impact signal, a ring of 82 pending tentative steps and a few scalars, allocated at `init` (and again only after a
/// gap). Per input sample: a square root and a sum; per 25 Hz bin: three biquads, 103 multiply-adds, the resonator
/// and the tentative peak check; every 0.2 s a scan of the lags and, when the stride is in doubt, a 4 s correlation
/// of the impact signal.
///
/// `bench/steps_prototype.py` is this algorithm in Python, operation by operation; `bench/steps --check-prototype`
/// holds the two to the same counts and the same events on the development recordings.
public struct StepDetector: Sendable {
    /// The parameters (make a new detector to change them).
    public let settings: Settings
    /// The derived constants.
    public let coefficients: Coefficients
    /// What the detector knows now.
    public internal(set) var state: State

    /// A detector with the default settings.
    public init() {
        self.init(settings: Settings())
    }

    /// A detector with `settings`.
    public init(settings: Settings) {
        self.settings = settings
        coefficients = Coefficients(settings: settings)
        state = State(coefficients: coefficients)
    }

    /// Forgets everything (the count too) and starts again from the next sample.
    public mutating func reset() {
        state = State(coefficients: coefficients)
    }

    /// The cadence now, steps/min (0 while still).
    public var cadence: Double {
        guard state.activity != .still, let p = state.stepPeriod else { return 0 }
        return 60 / p
    }

    /// Distance covered by the counted steps, m: steps × `Coefficients.stepLength`.
    public var distance: Double {
        Double(state.steps) * coefficients.stepLength
    }

    /// The pace now, s/m (CMPedometer's `currentPace`); nil while still.
    public var pace: Double? {
        let c = cadence
        return c > 0 ? 60 / (c * coefficients.stepLength) : nil
    }

    /// Feeds one accelerometer sample: `time` in s (increasing; a sample at or before the previous bin is dropped),
    /// `acceleration` the specific force in m/s² in any frame. `onStep` is called for every step counted, in time
    /// order — none, one, or (when walking is recognised) the several steps that led up to it.
    ///
    /// A sample with a non-finite time or acceleration is dropped.
    public mutating func update(time: Double, acceleration: Vector3, onStep: (Step) -> Void) {
        updateWithTentativeSteps(time: time, acceleration: acceleration) { event in
            if case .counted(let step) = event { onStep(step) }
        }
    }

    /// Feeds one sample like `update(time:acceleration:onStep:)`, and reports the tentative steps before a walk is
    /// recognised too (`StepEvent`): `onEvent` gets the counted steps (the same, in the same order) and the
    /// tentative steps and their withdrawals, in the order they happen.
    public mutating func updateWithTentativeSteps(time: Double, acceleration a: Vector3, onEvent: (StepEvent) -> Void) {
        guard time.isFinite, a.isFinite, a.maxMagnitude <= settings.accelerometerRange else {
            state.rejectedSamples += 1
            return
        }
        let m = (a.x * a.x + a.y * a.y + a.z * a.z).squareRoot()
        let rate = Coefficients.rate
        guard let origin = state.origin else {
            state.origin = time
            state.bin = 0
            state.firstBin = 0
            state.binSum = m
            state.binCount = 1
            return
        }
        let position = ((time - origin) * rate).rounded(.down)
        if position < Double(state.bin) { return }
        if position == Double(state.bin) {
            state.binSum += m
            state.binCount += 1
            return
        }
        let v = state.binSum / Double(state.binCount)
        process(v, onEvent: onEvent)
        if position - Double(state.bin) - 1 > settings.maximumGap * rate {
            withdrawTentative(state.tentativeSteps, onEvent: onEvent)
            if position < Self.largestBin {
                state.restart(coefficients: coefficients, at: Int(position))
            } else {
                // A jump no bin index holds (a time of 1e20 s): the bins count from this sample.
                state.restart(coefficients: coefficients, at: 0)
                state.origin = time
            }
            state.binSum = m
            state.binCount = 1
            return
        }
        // Within `maximumGap` of the current bin: an index like it.
        let b = Int(position)
        let empty = b - state.bin - 1
        if empty > 0 {
            let span = Double(b - state.bin)
            for k in 1...empty {
                process(v + (m - v) * Double(k) / span, onEvent: onEvent)
            }
        }
        state.bin = b
        state.binSum = m
        state.binCount = 1
    }

    /// The largest bin index counted from the first sample's time (about 11 million years at 25 Hz): a later time
    /// starts the bins again from its sample.
    static let largestBin = 1e16

    /// Feeds one sample and returns the steps it revealed (see `update(time:acceleration:onStep:)`).
    public mutating func update(time: Double, acceleration: Vector3) -> [Step] {
        var steps: [Step] = []
        update(time: time, acceleration: acceleration) { steps.append($0) }
        return steps
    }

    /// The time of internal sample `n` (the centre of its bin), s.
    func time(ofBin n: Int) -> Double {
        (state.origin ?? 0) + (Double(state.firstBin + n) + 0.5) / Coefficients.rate
    }

    /// One 25 Hz bin of the magnitude.
    mutating func process(_ x: Double, onEvent: (StepEvent) -> Void) {
        typealias K = Coefficients
        let n = state.n
        // 1. Filters: gravity out, then the step and period signals.
        if !state.primed {
            state.highPass.settle(x)
            state.stepLowPass.settle(0)
            state.periodLowPass.settle(0)
            state.primed = true
        }
        let h = state.highPass.step(x)
        let y = state.stepLowPass.step(h)
        let yp = state.periodLowPass.step(h)
        state.energy += (y * y - state.energy) * coefficients.energyGain
        // 2. Periodicity, and the period decision every 0.2 s.
        state.periodicityTracker.add(yp)
        state.periodSignal[n % coefficients.historyLength] = yp
        state.impactSignal[n % coefficients.impactLength] = h - y
        if n % K.decisionInterval == 0 { decide(atBin: n) }
        // 3. The resonator's cycles; each ends at a falling zero crossing (with hysteresis).
        var out = 0.0
        if let p = state.stepPeriod {
            if state.resonator.period != p { state.resonator.tune(period: p) }
            out = state.resonator.step(y)
        }
        state.resonatorAmplitude += (abs(out) * (Double.pi / 2) - state.resonatorAmplitude) * coefficients.amplitudeGain
        if y > state.cycleMaximum {
            state.cycleMaximum = y
            state.cyclePeak = n
        }
        if y < state.cycleMinimum { state.cycleMinimum = y }
        if !state.rising && out > K.hysteresis * state.resonatorAmplitude {
            state.rising = true
        } else if state.rising && out < -K.hysteresis * state.resonatorAmplitude {
            state.rising = false
            cycleEnded(atBin: n, amplitude: (state.cycleMaximum - state.cycleMinimum) / 2, peak: state.cyclePeak,
                       onEvent: onEvent)
            state.cycleMaximum = -Double.greatestFiniteMagnitude
            state.cycleMinimum = Double.greatestFiniteMagnitude
        }
        tentative(y, atBin: n, onEvent: onEvent)
        // 4. The end of a walk: no steps any more, or the energy gone.
        if state.walking, let p = state.stepPeriod {
            state.walkEnergy += (state.energy - state.walkEnergy) * coefficients.walkEnergyGain
            if Double(n - state.lastAcceptBin) > K.endPeriods * p * K.rate
                || state.energy < coefficients.stopEnergyRatio * state.walkEnergy
            {
                endWalk()
            }
        }
        state.n = n + 1
    }
}
