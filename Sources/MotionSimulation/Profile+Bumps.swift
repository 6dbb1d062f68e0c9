#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Profile {
    /// A sum of Gaussian bumps, Σᵢ height(i) · exp(−((t − times[i]) / width)²), with exact derivatives: the building
    /// block of a gait (a dip of the body at each step, a sway to alternating sides). Bumps farther than 6 widths
    /// from `t` are left out (their value is below 3e-16 of their height). Precondition: `times` increasing,
    /// `width` > 0.
    public static func bumps(at times: [Double], width: Double, height: @escaping @Sendable (Int) -> Double) -> Profile {
        precondition(width > 0, "bumps need a positive width")
        let reach = 6 * width
        // Beyond the reach of the first and the last bump no bump is added: exactly zero.
        let support = times.first.flatMap { first in times.last.map { last in (first - reach)...(last + reach) } }
        return Profile(support: support) { t in
            // The first bump within reach: binary search for times[i] ≥ t − reach.
            var low = 0
            var high = times.count
            while low < high {
                let middle = (low + high) / 2
                if times[middle] < t - reach { low = middle + 1 } else { high = middle }
            }
            var value = 0.0
            var rate = 0.0
            var acceleration = 0.0
            var index = low
            while index < times.count, times[index] <= t + reach {
                let u = (t - times[index]) / width
                let g = height(index) * exp(-u * u)
                value += g
                rate += g * (-2 * u / width)
                acceleration += g * (4 * u * u - 2) / (width * width)
                index += 1
            }
            return Value(value: value, rate: rate, acceleration: acceleration)
        }
    }
}
