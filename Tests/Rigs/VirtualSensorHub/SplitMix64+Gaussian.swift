import Foundation
import MotionMath

extension SplitMix64 {
    /// A standard normal deviate (Box–Muller).
    mutating func gaussian() -> Double {
        (-2 * log(uniformAboveZero())).squareRoot() * cos(2 * .pi * uniformAboveZero())
    }

    /// Uniform in (0, 1], so that the logarithm above stays finite.
    private mutating func uniformAboveZero() -> Double {
        (Double(next() >> 11) + 1) / 9_007_199_254_740_992
    }
}
