/// A second-order IIR section (transposed direct form II) with the Butterworth low- and high-pass designs the
/// detector uses.
struct Biquad: Sendable, Hashable {
    var b0: Double
    var b1: Double
    var b2: Double
    var a1: Double
    var a2: Double
    var z1 = 0.0
    var z2 = 0.0

    /// A second-order Butterworth filter at `cutoff` Hz for samples at `rate` Hz.
    ///
    /// The bilinear transform is used without frequency pre-warping, so that no tangent (and no math library) is
    /// needed: the −3 dB point lands at (rate/π)·atan(π·cutoff/rate) — the cutoff itself while it is small against
    /// the rate (0.5 Hz: exact to 0.01 % at 25 Hz), 6.3 Hz for an 8 Hz low-pass at 25 Hz.
    init(butterworthCutoff cutoff: Double, rate: Double, highPass: Bool) {
        let k = Double.pi * cutoff / rate
        let q = 2.0.squareRoot()
        let n = 1.0 / (1.0 + q * k + k * k)
        a1 = 2.0 * (k * k - 1.0) * n
        a2 = (1.0 - q * k + k * k) * n
        if highPass {
            b0 = n
            b1 = -2.0 * n
            b2 = n
        } else {
            b0 = k * k * n
            b1 = 2.0 * k * k * n
            b2 = k * k * n
        }
    }

    /// Filters one sample.
    @inline(__always)
    mutating func step(_ x: Double) -> Double {
        let y = b0 * x + z1
        z1 = b1 * x - a1 * y + z2
        z2 = b2 * x - a2 * y
        return y
    }

    /// Puts the filter in the state it would reach after a constant input `x` held forever (no start transient).
    mutating func settle(_ x: Double) {
        let y = (b0 + b1 + b2) / (1.0 + a1 + a2) * x
        z2 = b2 * x - a2 * y
        z1 = b1 * x - a1 * y + z2
    }
}
