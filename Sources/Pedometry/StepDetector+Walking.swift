extension StepDetector {
    /// The walk's state machine, every `Coefficients.decisionInterval` bins: the period (with hysteresis against
    /// octave jumps while walking), then whether walking may start or must end.
    mutating func decide(atBin n: Int) {
        typealias K = Coefficients
        let now = Double(n) / K.rate
        let found = state.periodicityTracker.period(
            coefficients, runningAllowed: state.energy >= coefficients.minimumRunningEnergy)
        var period = found.period
        var q = found.periodicity
        if let halved = found.halved, halved.periodicity >= K.halvedPeriodicity, impactsAlike(lag: 0.5 * halved.lag) {
            period = halved.lag / (2 * K.rate)
            q = halved.periodicity
        }
        state.periodicity = q
        if let p = period {
            if let current = state.stepPeriod, state.walking, abs(p / current - 1) >= K.octaveTolerance {
                if let candidate = state.candidatePeriod, abs(p / candidate - 1) <= K.octaveTolerance {
                    if now - state.candidateSince >= K.octaveHold {
                        state.stepPeriod = p
                        state.candidatePeriod = nil
                    }
                } else {
                    state.candidatePeriod = p
                    state.candidateSince = now
                }
            } else {
                state.stepPeriod = p
                state.candidatePeriod = nil
            }
        }
        var loud = state.energy >= coefficients.minimumWalkingEnergy
        if let p = state.walking ? state.stepPeriod : period, 1 / p > settings.runningCadence,
            state.energy < coefficients.minimumRunningEnergy
        {
            loud = false
        }
        if !state.walking {
            state.lowSince = nil
            state.armed = period != nil && q >= settings.walkingPeriodicity && loud
        } else if period == nil || q < K.exitPeriodicity || !loud {
            let since = state.lowSince ?? now
            state.lowSince = since
            if !loud || now - since >= K.exitTime { endWalk() }
        } else {
            state.lowSince = nil
        }
        updateActivity()
    }

    /// Whether the impact signal (the high-passed magnitude minus the step signal: the band above the step signal's
    /// corner, where a foot's impact is and a limb's swing is not) correlates with itself `lag` bins back over the last
    /// `Coefficients.impactWindow`, by at least `Coefficients.impactCorrelation`: impacts come every `lag` bins, so
    /// that a stride lag of `2 · lag` holds two steps, however unlike the two legs' swings are.
    func impactsAlike(lag: Double) -> Bool {
        let k = Int((lag + 0.5).rounded(.down))
        let n = state.n
        let length = coefficients.impactLength
        let w = Swift.min(coefficients.impactWindowBins, n - k)
        guard w > 0 else { return false }
        var xy = 0.0
        var xx = 0.0
        var yy = 0.0
        for i in (n - w + 1)...n {
            let a = state.impactSignal[i % length]
            let b = state.impactSignal[(i - k) % length]
            xy += a * b
            xx += a * a
            yy += b * b
        }
        let c = xx > 0 && yy > 0 ? xy / (xx * yy).squareRoot() : 0
        return c >= Coefficients.impactCorrelation
    }

    /// Still while not walking, else walking or running by cadence.
    mutating func updateActivity() {
        if !state.walking {
            state.activity = .still
        } else if let p = state.stepPeriod, 1 / p > settings.runningCadence {
            state.activity = .running
        } else {
            state.activity = .walking
        }
    }

    /// Walking is over: the periodicity evidence is dropped, so that the next walk must bring its own.
    mutating func endWalk() {
        state.walking = false
        state.armed = false
        state.periodicityTracker.reset()
        updateActivity()
    }

    /// A resonator cycle ended at bin `n`; `amplitude` is half the step signal's peak-to-peak in it, `peak` the bin
    /// of its maximum.
    mutating func cycleEnded(atBin n: Int, amplitude: Double, peak: Int, onEvent: (StepEvent) -> Void) {
        typealias K = Coefficients
        if state.recentAmplitudes.count == K.recentCycles {
            state.recentAmplitudes.removeFirst()
            state.recentPeaks.removeFirst()
        }
        state.recentAmplitudes.append(amplitude)
        state.recentPeaks.append(peak)
        guard let p = state.stepPeriod else { return }
        if !state.walking {
            guard state.armed, strideRegular(period: p) else { return }
            state.walking = true
            state.walkEnergy = state.energy
            updateActivity()
            let sorted = state.recentAmplitudes.sorted()
            state.reference = sorted[sorted.count / 2]
            withdrawTentative(state.tentativeSteps, onEvent: onEvent)
            searchBack(from: peak)
            while let bin = state.found.popLast() { count(bin, event: bin, onEvent: onEvent) }
            count(peak, event: n, onEvent: onEvent)
            return
        }
        guard amplitude >= settings.stepAmplitudeFraction * state.reference else { return }
        state.reference += (amplitude - state.reference) / K.referenceSteps
        guard Double(n - state.lastStepBin) >= K.minimumSpacing * p * K.rate else { return }
        count(peak, event: n, onEvent: onEvent)
    }

    /// Whether the last `Coefficients.recentCycles` cycles' peaks came at the step period: every stride (peak to
    /// the peak after next; a single step's peak wanders within its cycle when the two steps of a stride differ)
    /// within `Coefficients.startRegularity` of two periods. A walk is regular from its first strides; the chance
    /// periodicity of a car's bounce is not.
    func strideRegular(period p: Double) -> Bool {
        typealias K = Coefficients
        let peaks = state.recentPeaks
        guard peaks.count == K.recentCycles else { return false }
        for i in 2..<peaks.count where abs(Double(peaks[i] - peaks[i - 2]) / (2 * p * K.rate) - 1) > K.startRegularity {
            return false
        }
        return true
    }

    /// Counts a step whose peak is at bin `peak` (found at bin `event`).
    mutating func count(_ peak: Int, event: Int, onEvent: (StepEvent) -> Void) {
        state.steps += 1
        state.lastStepBin = event
        state.lastAcceptBin = state.n
        let t = time(ofBin: peak)
        state.lastStepTime = t
        onEvent(.counted(Step(t: t, count: state.steps, cadence: cadence, activity: state.activity)))
    }

    /// The steps before the one at bin `anchor`, into `state.found` (newest first): one step period back at a time,
    /// the highest period-signal value within ±`searchWindow` periods, as long as it is a real peak (not at the
    /// window's edge), its half peak-to-peak over one period reaches `stepAmplitudeFraction` of the walk's, it is
    /// after the last counted step and within `lockInWindow`.
    mutating func searchBack(from anchor: Int) {
        typealias K = Coefficients
        state.found.removeAll(keepingCapacity: true)
        guard let p = state.stepPeriod else { return }
        let length = coefficients.historyLength
        let now = state.n
        let oldest = Swift.max(0, now - length + 1)
        let periodBins = p * K.rate
        let w = Swift.max(1, Int((K.searchWindow * periodBins + 0.5).rounded(.down)))
        let half = Swift.max(1, Int((0.5 * periodBins + 0.5).rounded(.down)))
        let floorAmplitude = settings.stepAmplitudeFraction * state.reference
        let earliest = Double(state.lastStepBin) + K.minimumSpacing * periodBins
        var anchor = anchor
        while true {
            let expected = Double(anchor) - periodBins
            let lo = Int((expected - Double(w)).rounded(.down))
            let hi = Int((expected + Double(w)).rounded(.up))
            if lo - half < oldest || (Double(now) - expected) / K.rate > settings.lockInWindow { break }
            var best = lo
            var top = state.periodSignal[lo % length]
            for i in (lo + 1)...hi where state.periodSignal[i % length] > top {
                best = i
                top = state.periodSignal[i % length]
            }
            if best == lo || best == hi { break }
            var high = -Double.greatestFiniteMagnitude
            var low = Double.greatestFiniteMagnitude
            for i in (best - half)...Swift.min(best + half, now) {
                let v = state.periodSignal[i % length]
                high = Swift.max(high, v)
                low = Swift.min(low, v)
            }
            if (high - low) / 2 < floorAmplitude || Double(best) < earliest { break }
            state.found.append(best)
            anchor = best
        }
    }
}
