extension BeatDetector {
    /// Step 5: a local maximum `slope` of the slope at `time` (neighbours `before`, `after`) while learning, as a new
    /// candidate, as a steeper replacement of the pending candidate, or ignored.
    mutating func consider(time: Double, slope: Double, before: Double, after: Double, coefficients c: Coefficients) {
        guard let level = state.slopeLevel else {
            if time < state.poorUntil {
                // Learn from the pulse, not from an artefact's transient: start again after it.
                state.learningTop.removeAll()
                state.learningStart = state.poorUntil
                return
            }
            state.learningTop.append(slope)
            state.learningTop.sort(by: >)
            if state.learningTop.count > 3 { state.learningTop.removeLast() }
            if let start = state.learningStart, time - start >= settings.learningTime {
                var top = RecentValues(capacity: 3)
                for value in state.learningTop { top.append(value) }
                let learnt = top.median ?? slope
                state.slopeLevel = learnt
                state.slopes.removeAll()
                state.slopes.append(learnt)
                state.learningTop.removeAll()
                state.lastCandidateTime = time
                state.lastCleanTime = time
            }
            return
        }
        guard slope >= settings.detectionThreshold * level else { return }
        // Parabolic interpolation of the slope's maximum between the three samples.
        let denominator = before - 2.0 * slope + after
        var offset = denominator != 0 ? 0.5 * (before - after) / denominator : 0.0
        offset = Swift.max(-0.5, Swift.min(0.5, offset))
        let beatTime = time + offset * c.samplePeriod - c.delay
        let peak = slope - 0.25 * (before - after) * offset
        let refractory = refractoryTime
        if let candidate = state.candidate, beatTime - candidate.time < refractory {
            if peak > candidate.slope { state.candidate = (beatTime, peak) }
            return
        }
        if let candidate = state.candidate {
            detect(candidate)
            state.candidate = nil
        }
        if let last = state.lastBeatTime, beatTime - last < refractory { return }
        state.candidate = (beatTime, peak)
        state.lastCandidateTime = beatTime
    }

    /// Step 6: the candidate becomes a beat, pending its quality; clean upstrokes update the slope level.
    mutating func detect(_ candidate: (time: Double, slope: Double)) {
        let poor = candidate.time < state.poorUntil
        let level = state.slopeLevel ?? candidate.slope
        let plausible = settings.detectionThreshold * level <= candidate.slope
            && candidate.slope <= settings.artefactSlopeRatio * level
        if !poor {
            // The second largest: the systolic upstrokes, not a diastolic wave that passed, nor one outlier.
            state.slopes.append(candidate.slope)
            state.slopeLevel = state.slopes.secondLargest
        }
        state.pending.append(
            PendingBeat(
                t: candidate.time, slopePlausible: plausible, poorAtDetection: poor,
                previousTime: state.lastBeatTime))
        state.lastBeatTime = candidate.time
    }

    /// Step 8: decides the quality of `beat`, updates the template, amplitude and rhythm, and makes the `Beat`.
    mutating func finish(_ beat: PendingBeat, expectedInterval e: Double, coefficients c: Coefficients) -> Beat {
        let poor = beat.poorAtDetection || beat.t < state.poorUntil
            || (beat.previousTime.map { $0 < state.poorUntil } ?? false)
        let shaped = shape(at: beat.t, expectedInterval: e, coefficients: c)
        var correlation: Double?
        if let shaped, !state.template.isEmpty {
            var sum = 0.0
            for i in 0..<shaped.vector.count { sum += shaped.vector[i] * state.template[i] }
            correlation = sum
        }
        let shapeMatches = correlation.map { $0 >= settings.templateCorrelation } ?? true
        let clean = !poor && beat.slopePlausible && shapeMatches
        if clean {
            state.lastCleanTime = beat.t
            if correlation != nil { state.pulseLost = false }  // two clean pulses of one shape: a pulse, not noise
        }
        if let shaped, !poor { learn(shaped, correlation: correlation, clean: clean, expectedInterval: e) }
        return track(beat, clean: clean)
    }

    /// The template and the pulse amplitude learn from beats outside artefacts; a template learnt at another heart
    /// rate, or one that four beats in a row did not match, is replaced.
    private mutating func learn(
        _ shaped: (vector: [Double], amplitude: Double), correlation: Double?, clean: Bool, expectedInterval e: Double
    ) {
        if state.template.isEmpty || abs(e / state.templateInterval - 1.0) > 0.3 || state.templateMismatches >= 4 {
            state.template = shaped.vector
            state.templateInterval = e
            state.templateMismatches = 0
        } else if let correlation, correlation >= settings.templateCorrelation {
            var norm = 0.0
            for i in 0..<state.template.count {
                let mixed = 0.9 * state.template[i] + 0.1 * shaped.vector[i]
                state.template[i] = mixed
                norm += mixed * mixed
            }
            norm = norm.squareRoot()
            for i in 0..<state.template.count { state.template[i] /= norm }
            state.templateMismatches = 0
        } else {
            state.templateMismatches += 1
        }
        if clean {
            state.amplitudes.append(shaped.amplitude)
            state.pulseAmplitude = state.amplitudes.median
        }
    }

    /// The rhythm tracker: intervals between two clean beats that agree with the expected one feed it and the heart
    /// rate (over the last `smoothingTime`); four clean disagreeing ones in a row restart it.
    private mutating func track(_ beat: PendingBeat, clean: Bool) -> Beat {
        let rr = beat.previousTime.map { beat.t - $0 }
        let expected = state.expectedInterval
        var agrees = false
        if clean, state.lastBeatGood, let rr, rr >= settings.minimumInterval, rr <= settings.maximumInterval {
            if expected.map({ abs(rr / $0 - 1.0) <= settings.rhythmTolerance }) ?? true {
                agrees = true
                state.intervals.append(rr)
                state.rejectedIntervals = 0
                if expected != nil {
                    state.smoothing.append(rr)
                    while state.smoothing.count > 1, state.smoothing.sum > settings.smoothingTime {
                        state.smoothing.removeFirst()
                    }
                }
            } else {
                state.rejectedIntervals += 1
                if state.rejectedIntervals >= 4 {
                    state.intervals.removeAll()
                    state.smoothing.removeAll()
                    state.rejectedIntervals = 0
                }
            }
            state.expectedInterval = state.intervals.count >= settings.lockIntervals ? state.intervals.median : nil
        }
        var heartRate: Double?
        if agrees, expected != nil, !state.smoothing.isEmpty {
            heartRate = 60.0 * Double(state.smoothing.count) / state.smoothing.sum
            state.goodLevel = state.slopeLevel
            state.pulseLost = false  // a pulse with a rhythm, not noise that looked clean
        }
        state.lastBeatGood = clean
        let quality: BeatQuality = heartRate != nil ? .good : (clean ? .irregular : .poor)
        return Beat(t: beat.t, rrInterval: rr, heartRate: heartRate, quality: quality)
    }

    /// The band-passed pulse around `time`, resampled at `Settings.templatePoints` points from `templateBefore` ×
    /// `e` before to `templateAfter` × `e` after (shifted by the group delay): zero-mean unit vector and its trough to
    /// peak amplitude; nil when the ring does not reach back far enough or the pulse is flat.
    private func shape(at time: Double, expectedInterval e: Double, coefficients c: Coefficients)
        -> (vector: [Double], amplitude: Double)?
    {
        let k = settings.templatePoints
        let count = state.ringCount
        let capacity = c.capacity
        let oldest = (state.ringHead - count + capacity) % capacity
        let start = time + c.delay - settings.templateBefore * e
        let step = (settings.templateBefore + settings.templateAfter) * e / Double(k - 1)
        guard k >= 2, count >= 2, start >= state.ringTime[oldest] else { return nil }
        var vector = [Double](repeating: 0, count: k)
        var j = 0
        for i in 0..<k {
            let p = start + Double(i) * step
            while j + 2 < count, state.ringTime[(oldest + j + 1) % capacity] <= p { j += 1 }
            let a = (oldest + j) % capacity
            let b = (oldest + j + 1) % capacity
            let ta = state.ringTime[a]
            var w = (p - ta) / (state.ringTime[b] - ta)
            w = Swift.max(0.0, Swift.min(1.0, w))
            vector[i] = state.ringValue[a] + w * (state.ringValue[b] - state.ringValue[a])
        }
        var sum = 0.0
        var low = vector[0]
        var high = vector[0]
        for v in vector {
            sum += v
            low = Swift.min(low, v)
            high = Swift.max(high, v)
        }
        let mean = sum / Double(k)
        var norm = 0.0
        for i in 0..<k {
            vector[i] -= mean
            norm += vector[i] * vector[i]
        }
        norm = norm.squareRoot()
        guard norm > 0 else { return nil }
        for i in 0..<k { vector[i] /= norm }
        return (vector, high - low)
    }
}
