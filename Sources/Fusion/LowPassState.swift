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
