#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// When to try the broker again after failed attempts: capped exponential back-off with jitter.
///
/// The n-th retry in a row waits `min(maximumDelay, initialDelay · multiplier^(n−1))`, then scaled by a random
/// factor in `1 ± jitter`, so that a fleet of boards that lost the broker together does not reconnect in lock-step
/// when it returns. A successful connection starts the count again.
public struct ReconnectBackOff: Sendable, Hashable {
    /// Seconds before the first retry. Default 0.5.
    public var initialDelay: Double
    /// Upper bound of the delay before jitter, seconds. Default 30: a broker back from maintenance is found within
    /// half a minute, and an unreachable one costs a connection attempt per half minute.
    public var maximumDelay: Double
    /// Growth per failed attempt. Default 2.
    public var multiplier: Double
    /// Relative spread of the delay, 0…1. Default 0.2.
    public var jitter: Double

    public init(initialDelay: Double = 0.5, maximumDelay: Double = 30, multiplier: Double = 2, jitter: Double = 0.2) {
        self.initialDelay = max(0, initialDelay)
        self.maximumDelay = max(self.initialDelay, maximumDelay)
        self.multiplier = max(1, multiplier)
        self.jitter = min(max(0, jitter), 1)
    }

    /// Seconds to wait after `failures` failed attempts in a row (at least 1), with `random` uniform in 0…1 choosing
    /// the point within the jitter band.
    public func delay(afterFailures failures: Int, random: Double) -> Double {
        let exponent = Double(max(0, failures - 1))
        // Beyond the cap the power only overflows: stop growing once it is reached.
        let grown = initialDelay * pow(multiplier, min(exponent, 64))
        let capped = min(maximumDelay, grown)
        return capped * (1 - jitter + 2 * jitter * min(max(random, 0), 1))
    }
}
