/// A second-order IIR section (transposed direct form II) with Butterworth low- and high-pass designs: the filters
/// of the step detector (`Pedometry`) and the beat detector (`Pulse`).
///
/// Edge cases: NaN and infinity in the input propagate into the state (a caller that can see them restarts the
/// filter); coefficients for a cut-off at or above the Nyquist frequency are finite but the response is meaningless.
@frozen
public struct Biquad: Sendable, Hashable {
    /// Numerator coefficients.
    public let b0: Double
    public let b1: Double
    public let b2: Double
    /// Denominator coefficients (a0 = 1).
    public let a1: Double
    public let a2: Double
    @usableFromInline var z1 = 0.0
    @usableFromInline var z2 = 0.0

    /// A section with the given coefficients (a0 = 1), at rest.
    @inlinable
    public init(b0: Double, b1: Double, b2: Double, a1: Double, a2: Double) {
        self.b0 = b0
        self.b1 = b1
        self.b2 = b2
        self.a1 = a1
        self.a2 = a2
    }

    /// A second-order Butterworth filter at `cutoff` Hz for samples at `rate` Hz, at rest.
    ///
    /// The bilinear transform is used without frequency pre-warping, so that no tangent (and no math library) is
    /// needed: the −3 dB point lands at (rate/π)·atan(π·cutoff/rate) — the cutoff itself while it is small against
    /// the rate (0.5 Hz: exact to 0.01 % at 25 Hz), 6.3 Hz for an 8 Hz low-pass at 25 Hz.
    @inlinable
    public init(butterworthCutoff cutoff: Double, rate: Double, highPass: Bool) {
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
    @inlinable @inline(__always)
    public mutating func step(_ x: Double) -> Double {
        let y = b0 * x + z1
        z1 = b1 * x - a1 * y + z2
        z2 = b2 * x - a2 * y
        return y
    }

    /// Puts the filter in the state it would reach after a constant input `x` held forever (no start transient).
    @inlinable
    public mutating func settle(_ x: Double) {
        let y = (b0 + b1 + b2) / (1.0 + a1 + a2) * x
        z2 = b2 * x - a2 * y
        z1 = b1 * x - a1 * y + z2
    }
}
