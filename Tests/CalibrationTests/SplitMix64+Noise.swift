import Foundation
import MotionMath

/// The synthetic tests' noise: MotionMath's SplitMix64, so that every test sees the same data on every machine.
extension SplitMix64 {
    /// A standard normal deviate (Box–Muller).
    mutating func gaussian() -> Double {
        let u1 = Double.random(in: Double.ulpOfOne..<1, using: &self)
        let u2 = Double.random(in: 0..<1, using: &self)
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// A vector of independent normal deviates with standard deviation `sigma`.
    mutating func noise(_ sigma: Double) -> Vector3 {
        Vector3(gaussian(), gaussian(), gaussian()) * sigma
    }

    /// A direction uniformly distributed on the unit sphere.
    mutating func direction() -> Vector3 {
        while true {
            let v = Vector3(gaussian(), gaussian(), gaussian())
            let n = v.norm
            if n > 1e-6 { return v / n }
        }
    }
}
