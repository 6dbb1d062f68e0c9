/// SplitMix64 (Steele, Lea & Flood 2014, "Fast splittable pseudorandom number generators"): the smallest good
/// seedable generator, one 64-bit word of state. The one copy for every place that means SplitMix64: test data,
/// simulated noise, seeding `SeededGenerator`.
///
/// The same seed gives the same sequence on every platform. Not for cryptography.
@frozen
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    /// The state, advanced by the golden-ratio increment 0x9E3779B97F4A7C15 before each output.
    public var state: UInt64

    /// A generator whose whole sequence is fixed by `seed` (any value, also 0).
    @inlinable
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    @inlinable
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform Double in [0, 1) from the next output's top 53 bits.
    @inlinable
    public mutating func nextUniform() -> Double {
        Double(next() >> 11) * 0x1p-53
    }
}
