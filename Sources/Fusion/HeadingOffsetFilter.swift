import MotionMath

/// The first-order filter that turns per-sample heading disagreements (the rotation about the vertical that would
/// make the magnetometer point north) into a heading offset, with VQF's magnetic disturbance rejection: while the
/// field is disturbed the magnetometer is ignored for up to `maximumRejectionTime`, then used at a reduced gain.
///
/// The offline smoother runs it over the recording forwards and then over its own output backwards, so that the
/// result has no lag (VQF's offline mode does the same, Laidig & Seel 2023).
struct HeadingOffsetFilter: Sendable {
    /// Gain per step, 1 − e^(−Ts/τ).
    let gain: Double
    /// The time constant τ, s (ends the fast start).
    let timeConstant: Double
    /// The step's period, s.
    let period: Double
    let maximumRejectionTime: Double
    let rejectionFactor: Double

    /// The current offset, rad, or nil before the first measurement.
    private(set) var offset: Double?
    private var rejectionTime = 0.0
    private var initialGain = 1.0

    init(timeConstant: Double, period: Double, maximumRejectionTime: Double, rejectionFactor: Double) {
        gain = AttitudeFilter.Coefficients.gain(timeConstant: timeConstant, samplePeriod: period)
        self.timeConstant = timeConstant
        self.period = period
        self.maximumRejectionTime = maximumRejectionTime
        self.rejectionFactor = rejectionFactor
    }

    /// One step towards `measured` (rad; nil when there is no usable magnetometer sample); returns the offset, or nil
    /// while there has been no measurement yet.
    mutating func step(_ measured: Double?, disturbed: Bool) -> Double? {
        guard let measured else { return offset }
        let current = offset ?? measured
        var k = gain
        if disturbed {
            if rejectionTime <= maximumRejectionTime {
                // Ignored outright, and not counted towards the fast start either (unlike VQF, whose fast start
                // overrides the rejection: with a long time constant the fast start lasts long enough to average
                // a disturbance in).
                rejectionTime += period
                offset = current
                return current
            } else {
                k /= rejectionFactor
            }
        } else {
            rejectionTime = Swift.max(rejectionTime - rejectionFactor * period, 0)
        }
        // Fast start: at least 1/N for the N-th measurement until the time constant is reached.
        if initialGain != 0 {
            k = Swift.max(k, initialGain)
            initialGain /= initialGain + 1
            if initialGain * timeConstant < period { initialGain = 0 }
        }
        let next = AttitudeFilter.wrap(current + k * AttitudeFilter.wrap(measured - current))
        offset = next
        return next
    }
}
