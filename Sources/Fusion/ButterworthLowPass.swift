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

/// The memory of one `ButterworthLowPass` channel group.
@usableFromInline
struct LowPassState<V>: Sendable, Hashable where V: SIMD, V: Sendable, V.Scalar == Double {
    @usableFromInline var s0: V = V()
    @usableFromInline var s1: V = V()
    /// Sum and count of the averaging phase; `count < 0` once the filter runs.
    @usableFromInline var sum: V = V()
    @usableFromInline var count: Double = 0
    /// The last output.
    @usableFromInline var output: V = V()

    @inlinable init() {}

    /// True once the averaging phase is over.
    @inlinable var isRunning: Bool { count < 0 }

    /// Filters one input and returns the output.
    @inlinable @inline(__always)
    mutating func step(_ x: V, _ f: ButterworthLowPass) -> V {
        if count >= 0 {
            count += 1
            sum += x
            output = sum / V(repeating: count)
            if count * f.samplePeriod >= f.timeConstant {
                (s0, s1) = f.steadyState(output)
                count = -1
            }
            return output
        }
        let y = f.b0 * x + s0
        s0 = (2 * f.b0) * x - f.a1 * y + s1
        s1 = f.b0 * x - f.a2 * y
        output = y
        return y
    }

    /// Moves the state to new coefficients without a jump: the steady-state part for the last output is exchanged.
    @inlinable
    mutating func adapt(from old: ButterworthLowPass, to new: ButterworthLowPass) {
        guard isRunning else { return }
        let (o0, o1) = old.steadyState(output)
        let (n0, n1) = new.steadyState(output)
        s0 += n0 - o0
        s1 += n1 - o1
    }
}
