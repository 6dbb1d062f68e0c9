// The C library's log, sin and cos, not `Elementary`'s: the simulator's noise, and so every simulated stream, is fixed
// by these values; this file is MotionMath's only import beyond the standard library.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fast, deterministic random number generator: xoshiro256** (Blackman & Vigna 2018) seeded through SplitMix64,
/// with standard normal sampling (Box–Muller). The same seed gives the same sequence on every platform.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64
    private var spareGaussian: Double?

    /// A generator whose whole sequence is fixed by `seed` (any value, also 0).
    public init(seed: UInt64) {
        var seeder = SplitMix64(seed: seed)
        s0 = seeder.next()
        s1 = seeder.next()
        s2 = seeder.next()
        s3 = seeder.next()
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        let result = ((s1 &* 5) << 7 | (s1 &* 5) >> 57) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = s3 << 45 | s3 >> 19
        return result
    }

    /// A uniform Double in [0, 1) with 53 random bits.
    public mutating func nextUniform() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A standard normal deviate (mean 0, standard deviation 1).
    public mutating func nextGaussian() -> Double {
        if let spare = spareGaussian {
            spareGaussian = nil
            return spare
        }
        // Box–Muller; 1 − u keeps the logarithm's argument in (0, 1].
        let radius = (-2 * log(1 - nextUniform())).squareRoot()
        let angle = 2 * Double.pi * nextUniform()
        spareGaussian = radius * sin(angle)
        return radius * cos(angle)
    }
}
