extension StepDetector {
    /// Before walking is recognised, each peak of the step signal that reaches `Coefficients.tentativeFloor`, stays
    /// the highest for `Coefficients.tentativeDelay` and is followed by a fall to `Coefficients.tentativeFall` of
    /// it is reported as a tentative step (at least 1 / `Settings.maximumCadence` apart). Pending ones are withdrawn
    /// after `Coefficients.tentativeQuiet` without a new one and once older than `Settings.lockInWindow` (the
    /// retroactive search no longer reaches them). Reads the signal only: the count does not depend on it.
    mutating func tentative(_ y: Double, atBin n: Int, onEvent: (StepEvent) -> Void) {
        typealias K = Coefficients
        if state.tentativeSteps > 0 {
            if Double(n - state.lastTentativeBin) > K.tentativeQuiet * K.rate {
                withdrawTentative(state.tentativeSteps, onEvent: onEvent)
            } else if Double(n - state.tentativeBins[state.tentativeHead]) > settings.lockInWindow * K.rate {
                withdrawTentative(1, onEvent: onEvent)
            }
        }
        if state.walking {
            state.tentativeMaximum = -Double.greatestFiniteMagnitude
            return
        }
        if y > state.tentativeMaximum {
            state.tentativeMaximum = y
            state.tentativePeak = n
        }
        guard n - state.tentativePeak >= coefficients.tentativeDelayBins, y < K.tentativeFall * state.tentativeMaximum
        else { return }
        if state.tentativeMaximum >= coefficients.tentativeFloor,
            Double(state.tentativePeak - state.lastTentativeBin) >= coefficients.tentativeSpacing
        {
            let capacity = state.tentativeBins.count
            if state.tentativeSteps == capacity { withdrawTentative(1, onEvent: onEvent) }
            state.tentativeBins[(state.tentativeHead + state.tentativeSteps) % capacity] = state.tentativePeak
            state.tentativeSteps += 1
            state.lastTentativeBin = state.tentativePeak
            let step = Step(
                t: time(ofBin: state.tentativePeak), count: state.steps + state.tentativeSteps, cadence: cadence,
                activity: state.activity)
            onEvent(.tentative(step))
        }
        state.tentativeMaximum = y
        state.tentativePeak = n
    }

    /// Withdraws the oldest `k` pending tentative steps.
    mutating func withdrawTentative(_ k: Int, onEvent: (StepEvent) -> Void) {
        guard k > 0 else { return }
        state.tentativeHead = (state.tentativeHead + k) % state.tentativeBins.count
        state.tentativeSteps -= k
        onEvent(.withdrawn(k))
    }
}
