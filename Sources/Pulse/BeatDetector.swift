/// The PPG beat detector and heart-rate estimator: turns timestamped photoplethysmogram samples (any intensity unit,
/// any rate from 25 Hz up, jittering timestamps allowed) into beats with their RR interval, heart rate and quality.
///
/// The steps, per sample (`update(time:value:)`):
/// 1. timing: the nominal period is the median of the first eight time steps; a gap longer than
///    `Settings.maximumGap` restarts the signal path;
/// 2. flat line and saturation: identical raw samples for `Settings.flatLineDuration`, or a value that is not finite
///    or beyond `Settings.valueRange` (rejected, counted), mark an artefact;
/// 3. band-pass 0.5–8 Hz (two second-order Butterworth sections) and the slope (first difference);
/// 4. artefacts: slopes beyond `artefactSlopeRatio` × the slope level or excursions beyond `artefactAmplitudeRatio` ×
///    the pulse amplitude; beats stay `poor` until `artefactHold` after one; an artefact lasting `relearnTime` makes
///    the detector learn its levels again;
/// 5. upstroke candidates: local maxima of the slope above `detectionThreshold` × the slope level (the second largest
///    of the recent upstrokes; at the start, and after a relearn, the median of the three steepest upstrokes of
///    `learningTime` outside artefacts), timed by parabolic interpolation and moved back by the low-pass's group delay;
/// 6. the steepest candidate within the refractory time (`refractoryFraction` × the expected RR) becomes a beat —
///    the diastolic wave and the dicrotic notch rise less steeply and later;
/// 7. when no candidate comes for 1.5 expected intervals outside artefacts the slope level halves (the pulse
///    weakened), down to `levelFloor` × its value at the last beat with a heart rate (below is noise: finger off);
///    after `relearnTime` without a clean beat, or at the first artefact while the pulse is lost (the finger is
///    back), the levels are learnt again;
/// 8. once the beat's template window has passed (`templateAfter` × the expected RR), its quality is decided: poor
///    inside an artefact, with an implausible upstroke or with a shape that correlates below `templateCorrelation`
///    with the learnt template; the rhythm tracker takes the interval between two clean beats when it is within
///    `rhythmTolerance` of the expected interval (the median of the last agreeing ones), so ectopic beats, pauses and
///    missed pulses do not move it; four clean disagreeing intervals in a row mean the rhythm changed and it is
///    learnt again. A beat carries a heart rate (60 · n / Σ RR over the last `smoothingBeats` agreeing intervals) only
///    when it is clean and agrees with the rhythm.
///
/// Latency: a beat is returned `templateAfter` × RR + `Coefficients.delay` after its time (about 0.6 RR + 28 ms: 0.5 s
/// at 75 beats/min), by the first sample after that. The first heart rate comes `learningTime` plus about five beats
/// after the start.
///
/// Memory is constant: a ring of (`templateBefore` + `templateAfter`) × `maximumInterval` of band-passed samples
/// (1.8 s; at most 10 s at `maximumSampleRate`, whatever the settings and the timestamps) and a few small trackers. No allocation per sample; the per-sample path has no division or root.
///
/// `bench/pulse_reference.py` is this algorithm in Python, step by step and operation by operation; the tests hold
/// the two to the same beats.
public struct BeatDetector: Sendable {
    /// The highest nominal sample rate the detector is made for, Hz: above every pulse sensor's fastest rate
    /// (MAX30102 3,200 samples/s, MAX86141 4,096, AFE4404 1,000). Readers of recordings refuse a faster one
    /// (`RecordingError.Reason.sampleRateTooHigh`: times in the wrong unit, not a pulse sensor); fed one anyway, the
    /// detector keeps its memory to what this rate needs and its templates cover less time.
    public static let maximumSampleRate = 5_000.0

    /// The parameters (make a new detector to change them).
    public let settings: Settings
    /// The derived constants; nil until the nominal sample period is known (after nine samples).
    public internal(set) var coefficients: Coefficients?
    /// What the detector knows now.
    public internal(set) var state: State

    /// A detector with the default settings.
    public init() {
        self.init(settings: Settings())
    }

    /// A detector with `settings`.
    public init(settings: Settings) {
        self.settings = settings
        state = State(settings: settings)
    }

    /// Forgets everything and starts again from the next sample.
    public mutating func reset() {
        coefficients = nil
        state = State(settings: settings)
    }

    /// Feeds one sample: `value` in any unit, oriented so that the pulse rises at systole (more blood, more light
    /// absorbed: a pulse oximeter's pleth, as in the development recordings) at `time` seconds. A photodiode's raw
    /// intensity (MAX30102 `in_intensity_ir`, AFE4404 `in_intensity*_raw`) falls at systole: pass its negative (the
    /// other way up the heart rate is about as good — a103l: 2.95 against 2.84 beats/min — but beats are timed on
    /// the diastolic edge).
    /// Returns the beat whose quality was decided with this sample, if any (see the type's latency note).
    ///
    /// Edge cases: a non-finite or non-increasing `time` is ignored; a `value` that is not finite or beyond
    /// `Settings.valueRange` marks an artefact and is counted in `State.rejectedSamples`.
    public mutating func update(time t: Double, value x: Double) -> Beat? {
        // 1. Timing.
        guard t.isFinite else { return nil }
        if let last = state.lastTime, !(t > last) { return nil }
        let usable = x.isFinite && x.magnitude <= settings.valueRange
        if !usable { state.rejectedSamples += 1 }
        guard let c = coefficients else {
            state.lastTime = t
            if let period = state.nominalPeriod.add(t) { configure(samplePeriod: period) }
            return nil
        }
        if let last = state.lastTime, t - last > settings.maximumGap { restartSignal() }
        state.lastTime = t

        // 2. Flat line, saturation and invalid values (not a number, or beyond any sensor's range).
        guard usable else {
            markArtefact(at: t)
            runArtefactClock(at: t)
            return nil
        }
        if let previous = state.previousRaw, x == previous {
            state.flatTime += c.samplePeriod
            if state.flatTime >= settings.flatLineDuration { markArtefact(at: t) }
        } else {
            state.flatTime = 0
        }
        state.previousRaw = x

        // 3. Band-pass and slope.
        let y = bandPass(x, at: t)
        storeFiltered(y, at: t, capacity: c.capacity)
        guard let previousFiltered = state.previousFiltered else {
            state.previousFiltered = y
            return nil
        }
        let d = y - previousFiltered
        state.previousFiltered = y

        // 4. Artefacts.
        if let level = state.slopeLevel, abs(d) > settings.artefactSlopeRatio * level { markArtefact(at: t) }
        if let amplitude = state.pulseAmplitude, abs(y) > settings.artefactAmplitudeRatio * amplitude {
            markArtefact(at: t)
        }
        runArtefactClock(at: t)

        // 5. Upstroke candidates: a local maximum of the slope at the previous sample.
        if let d1 = state.slope1, let d2 = state.slope2, d1 > d2, d1 >= d, d1 > 0 {
            consider(time: state.slope1Time, slope: d1, before: d2, after: d, coefficients: c)
        }
        state.slope2 = state.slope1
        state.slope1 = d
        state.slope1Time = t - 0.5 * c.samplePeriod

        // 6. A candidate becomes a beat once the refractory time has passed without a steeper one.
        if let candidate = state.candidate, t - candidate.time > refractoryTime + c.delay {
            detect(candidate)
            state.candidate = nil
        }

        // 7. Missing beats lower the slope level, down to its floor; not during an artefact, which hides the pulse.
        if state.lastCandidateTime != nil, t < state.poorUntil { state.lastCandidateTime = t }
        if let level = state.slopeLevel, let lastCandidate = state.lastCandidateTime {
            let wait = state.expectedInterval.map { Swift.max(1.5 * $0, 1.2) } ?? settings.maximumInterval
            if t - lastCandidate > wait {
                let floor = state.goodLevel.map { $0 * settings.levelFloor } ?? 0
                if level * 0.5 >= floor {
                    state.slopeLevel = level * 0.5
                } else {
                    state.slopeLevel = floor
                    state.pulseLost = true
                }
                state.lastCandidateTime = t
            }
        }
        // 7b. No clean beat for `relearnTime`: learn the levels again.
        if let clean = state.lastCleanTime, t - clean > settings.relearnTime {
            state.pulseLost = true
            relearn(at: t)
        }

        // 8. A beat's quality is known once its template window has passed.
        if let first = state.pending.first {
            let expected = state.expectedInterval ?? settings.defaultInterval
            if t >= first.t + settings.templateAfter * expected + c.delay {
                state.pending.removeFirst()
                return finish(first, expectedInterval: expected, coefficients: c)
            }
        }
        return nil
    }

    // MARK: Steps

    private mutating func configure(samplePeriod period: Double) {
        let c = Coefficients(settings: settings, samplePeriod: period)
        coefficients = c
        state.highPass = c.highPass
        state.lowPass = c.lowPass
        state.ringTime = Array(repeating: 0, count: c.capacity)
        state.ringValue = Array(repeating: 0, count: c.capacity)
        state.ringHead = 0
        state.ringCount = 0
    }

    /// The band-passed sample; the filters start settled on the first sample's value (no start transient).
    private mutating func bandPass(_ x: Double, at t: Double) -> Double {
        guard var highPass = state.highPass, var lowPass = state.lowPass else { return 0 }
        if !state.primed {
            highPass.settle(x)
            lowPass.settle(0)
            state.primed = true
            if state.learningStart == nil { state.learningStart = t }
        }
        let y = lowPass.step(highPass.step(x))
        state.highPass = highPass
        state.lowPass = lowPass
        return y
    }

    private mutating func storeFiltered(_ y: Double, at t: Double, capacity: Int) {
        state.ringTime[state.ringHead] = t
        state.ringValue[state.ringHead] = y
        state.ringHead = state.ringHead + 1 == capacity ? 0 : state.ringHead + 1
        state.ringCount = Swift.min(state.ringCount + 1, capacity)
    }

    private mutating func markArtefact(at t: Double) {
        state.poorUntil = t + settings.artefactHold
    }

    /// An artefact while the pulse is lost is the finger coming back: learn the levels again at once.
    private mutating func runArtefactClock(at t: Double) {
        if t < state.poorUntil, state.pulseLost, state.slopeLevel != nil { relearn(at: t) }
    }

    /// Forgets the learnt levels and starts learning them again at `t`, keeping the filters' state.
    private mutating func relearn(at t: Double) {
        restartAll()
        state.primed = true
        state.learningStart = t
        state.poorUntil = t + settings.artefactHold
    }

    /// The refractory time after a beat, s.
    var refractoryTime: Double {
        guard let expected = state.expectedInterval else { return settings.minimumInterval }
        return Swift.max(settings.minimumInterval, settings.refractoryFraction * expected)
    }

    /// Forgets the learnt levels, template and rhythm, and restarts the signal path.
    private mutating func restartAll() {
        let fresh = State(settings: settings)
        state.slopeLevel = nil
        state.slopes = fresh.slopes
        state.goodLevel = nil
        state.lastCleanTime = nil
        state.learningStart = nil
        state.learningTop = []
        state.pulseAmplitude = nil
        state.amplitudes = fresh.amplitudes
        state.template = []
        state.templateInterval = 0
        state.templateMismatches = 0
        state.intervals = fresh.intervals
        state.expectedInterval = nil
        state.rejectedIntervals = 0
        state.smoothing = fresh.smoothing
        restartSignal()
    }

    /// Restarts the signal path after a gap: filters settle again, pending beats and intervals are dropped.
    private mutating func restartSignal() {
        state.primed = false
        state.previousFiltered = nil
        state.slope1 = nil
        state.slope2 = nil
        state.slope1Time = 0
        state.flatTime = 0
        state.previousRaw = nil
        state.poorUntil = -Double.infinity
        state.candidate = nil
        state.lastCandidateTime = nil
        state.lastBeatTime = nil
        state.lastBeatGood = false
        state.pending.removeAll(keepingCapacity: true)
        state.ringCount = 0
    }
}
