/// The gait's periodicity: an exponentially weighted autocorrelation of the period signal, and the stride lag found
/// in it.
///
/// R[k] ← R[k] + g · (x[n]·x[n−k] − R[k]) for every lag k, one multiply-add per lag and bin. The history is kept
/// twice, written backwards, so that x[n−k] is `history[write + k]` for every k without a modulo (the loop
/// vectorises). R[0] is remembered per bin too: the autocorrelation at lag k is normalised by the larger of the
/// energies now and k bins ago, so that it stays in [−1, 1] and is low while the motion starts or stops.
struct PeriodicityTracker: Sendable {
    private(set) var r: [Double]
    /// The normalised autocorrelation of the last `period(_:)` call (scratch).
    private var normalised: [Double]
    private var history: [Double]
    private var energyHistory: [Double]
    private var write = 0
    private let count: Int
    private let gain: Double

    init(lagCount: Int, gain: Double) {
        count = lagCount
        self.gain = gain
        r = Array(repeating: 0, count: lagCount)
        normalised = Array(repeating: 0, count: lagCount)
        history = Array(repeating: 0, count: 2 * lagCount)
        energyHistory = Array(repeating: 0, count: 2 * lagCount)
    }

    /// Forgets the motion seen so far (the next walk needs fresh evidence).
    mutating func reset() {
        for k in r.indices { r[k] = 0 }
        for k in history.indices {
            history[k] = 0
            energyHistory[k] = 0
        }
        write = 0
    }

    /// Adds one bin of the period signal.
    mutating func add(_ x: Double) {
        write = write == 0 ? count - 1 : write - 1
        history[write] = x
        history[write + count] = x
        let w = write
        let g = gain
        let n = count
        history.withUnsafeBufferPointer { h in
            r.withUnsafeMutableBufferPointer { r in
                for k in 0..<n {
                    r[k] += g * (x * h[w + k] - r[k])
                }
            }
        }
        energyHistory[w] = r[0]
        energyHistory[w + n] = r[0]
    }

    /// Fills `normalised` with the autocorrelation at every lag, R[k] / max(R₀ now, R₀ k bins ago) (one
    /// vectorisable pass).
    private mutating func normalise() {
        let n = count
        let w = write
        normalised.withUnsafeMutableBufferPointer { out in
            r.withUnsafeBufferPointer { r in
                energyHistory.withUnsafeBufferPointer { e in
                    let now = r[0]
                    for k in 0..<n {
                        let then = e[w + k]
                        let d = now > then ? now : then
                        out[k] = d > 0 ? r[k] / d : 0
                    }
                }
            }
        }
    }

    /// The step period (half the stride lag), s, with the periodicity at the stride lag; nil for no gait-like
    /// periodicity (then the periodicity is the best autocorrelation in the cadence range, or 0).
    ///
    /// 1. An autocorrelation peak of `fastPeriodicity` at a lag shorter than the fastest step is a faster motion.
    /// 2. The stride lag is the shortest local maximum within `relativePeak` of the best autocorrelation in the
    ///    stride range whose half-lag autocorrelation is at least `halfLagMinimum`: a step is half a stride, whether
    ///    the two steps of a stride look alike (in a hand: the first peak is one step, its half-lag is anti-phase and
    ///    fails) or not (in a trouser pocket: the first good peak is the stride).
    /// 3. Unless `runningAllowed` (the motion is as strong as running), a candidate at a running cadence is passed
    ///    over: a walk whose steps have a strong second harmonic would otherwise be counted twice.
    /// 4. The lag is refined by a parabola through the peak and its neighbours.
    ///
    /// `halved` is the first candidate of step 2 at a walking cadence that was given up only for its half-lag
    /// autocorrelation (refined lag in bins, and its autocorrelation), when the stride found is twice it within
    /// `octaveMatch`: the stride found may then be two strides and the candidate the stride, when a limb's swing at
    /// the stride frequency outweighs the steps in the period signal (a device in a back pocket). The caller decides
    /// that from other evidence (`StepDetector.impactsAlike(lag:)`).
    mutating func period(
        _ c: StepDetector.Coefficients, runningAllowed: Bool
    ) -> (period: Double?, periodicity: Double, halved: (lag: Double, periodicity: Double)?) {
        guard r[0] > 0 else { return (nil, 0, nil) }
        normalise()
        return normalised.withUnsafeBufferPointer { ac in Self.stride(in: ac, c, runningAllowed: runningAllowed) }
    }

    /// Steps 1–4 of `period(_:runningAllowed:)` on the normalised autocorrelation `ac`.
    private static func stride(
        in ac: UnsafeBufferPointer<Double>, _ c: StepDetector.Coefficients, runningAllowed: Bool
    ) -> (period: Double?, periodicity: Double, halved: (lag: Double, periodicity: Double)?) {
        typealias K = StepDetector.Coefficients
        if c.fastLag >= 2 {
            for l in 2...c.fastLag {
                let v = ac[l]
                if v >= K.fastPeriodicity && v >= ac[l - 1] && v >= ac[l + 1] {
                    return (nil, 0, nil)
                }
            }
        }
        let lo = c.shortestLag
        let hi = Swift.min(ac.count - 2, c.longestLag)
        var best = -Double.greatestFiniteMagnitude
        for l in lo...hi where ac[l] > best { best = ac[l] }
        var y0 = ac[lo]
        var y1 = ac[lo + 1]
        var passed: (lag: Double, periodicity: Double)?
        for l in (lo + 1)..<hi {
            let y2 = ac[l + 1]
            if y1 >= y0 && y1 >= y2 && y1 >= K.relativePeak * best && (runningAllowed || Double(l) >= c.runningLag) {
                let den = y0 - 2 * y1 + y2
                let lag = Double(l) + (den < 0 ? 0.5 * (y0 - y2) / den : 0)
                let half = l % 2 == 0 ? ac[l / 2] : 0.5 * (ac[l / 2] + ac[l / 2 + 1])
                if half >= K.halfLagMinimum {
                    let halved = passed.flatMap { abs(lag / (2 * $0.lag) - 1) <= K.octaveMatch ? $0 : nil }
                    return (lag / (2 * K.rate), y1, halved)
                }
                if passed == nil && Double(l) >= c.runningLag { passed = (lag, y1) }
            }
            y0 = y1
            y1 = y2
        }
        return (nil, best, nil)
    }
}
