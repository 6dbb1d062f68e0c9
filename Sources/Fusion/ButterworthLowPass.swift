import MotionMath

/// A second-order Butterworth low-pass filter, designed from a time constant, for SIMD vectors of `Double`s.
///
/// Following the VQF paper (Laidig & Seel 2023, sec. III-B), the cut-off frequency is f_c = √2 / (2π τ) so that τ is
/// the time constant of the non-oscillating part of the step response; the discretisation is the bilinear transform
/// with pre-warping. The realisation is the transposed direct form II.
///
/// To not depend on the first sample, the filter averages its input for the first τ seconds and then starts in the
/// steady state of that average (the "fast start").
@usableFromInline
struct ButterworthLowPass: Sendable, Hashable {
    /// Numerator: b = (b0, 2·b0, b0).
    @usableFromInline var b0: Double
    /// Denominator (a0 = 1).
    @usableFromInline var a1: Double
    @usableFromInline var a2: Double
    /// The time constant τ, s.
    @usableFromInline var timeConstant: Double
    /// The sample period the coefficients were derived for, s.
    @usableFromInline var samplePeriod: Double

    @inlinable
    init(timeConstant tau: Double, samplePeriod ts: Double) {
        timeConstant = tau
        samplePeriod = ts
        let fc = 2.0.squareRoot() / (2 * Double.pi) / tau
        // Keep the pre-warped frequency below Nyquist so that a huge τ/Ts ratio or a tiny τ stays well defined.
        let c = Elementary.tan(Double.pi * Swift.min(fc * ts, 0.49))
        let d = c * c + 2.0.squareRoot() * c + 1
        b0 = c * c / d
        a1 = 2 * (c * c - 1) / d
        a2 = (1 - 2.0.squareRoot() * c + c * c) / d
    }

    /// The state that holds a constant input `x` at output `x`.
    @inlinable @inline(__always)
    func steadyState<V: SIMD>(_ x: V) -> (V, V) where V.Scalar == Double {
        (x * (1 - b0), x * (b0 - a2))
    }
}
