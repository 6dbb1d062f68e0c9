#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A smooth scalar function of time with exact first and second derivatives, the building block of scripted
/// trajectories (angles, positions, envelopes).
///
/// Profiles compose with `+` and `*` (product rule applied exactly), so a gated oscillation
/// `window(…) * sine(…)` still has an exact second derivative, which is what makes the simulated accelerometer
/// consistent with the simulated position.
public struct Profile: Sendable {
    /// A profile's value and derivatives at one instant.
    public struct Value: Sendable, Hashable {
        /// f(t).
        public var value: Double
        /// f′(t), per second.
        public var rate: Double
        /// f″(t), per second².
        public var acceleration: Double

        public init(value: Double, rate: Double, acceleration: Double) {
            self.value = value
            self.rate = rate
            self.acceleration = acceleration
        }
    }

    private let evaluate: @Sendable (Double) -> Value
    /// Where the profile may be non-zero: outside this interval (seconds) its value and derivatives are exactly zero;
    /// nil: anywhere. Lets a product skip its other factor and a trajectory skip a layer that does not turn, which is
    /// most of the demo's layers most of the time (a simulated sample costs that much less CPU in a 1 kHz stream).
    public let support: ClosedRange<Double>?

    /// A profile from a function returning the value and its exact derivatives; `support`, when given, promises
    /// that `evaluate` returns zeros outside it (default nil: no promise).
    public init(support: ClosedRange<Double>? = nil, _ evaluate: @escaping @Sendable (Double) -> Value) {
        self.support = support
        self.evaluate = evaluate
    }

    /// Zero value, rate and acceleration: a profile outside its support.
    static let zero = Value(value: 0, rate: 0, acceleration: 0)

    /// True when `t` is outside `support`, where the profile is exactly zero.
    @inline(__always)
    func vanishes(at t: Double) -> Bool {
        guard let support else { return false }
        return !support.contains(t)
    }

    /// The value and derivatives at time `t` (seconds).
    public func callAsFunction(_ t: Double) -> Value { evaluate(t) }

    /// f(t) = c.
    public static func constant(_ c: Double) -> Profile {
        Profile { _ in Value(value: c, rate: 0, acceleration: 0) }
    }

    /// f(t) = offset + rate·t.
    public static func linear(rate: Double, offset: Double = 0) -> Profile {
        Profile { t in Value(value: offset + rate * t, rate: rate, acceleration: 0) }
    }

    /// f(t) = amplitude · sin(2π·frequency·t + phase); frequency in Hz, phase in radians.
    public static func sine(amplitude: Double, frequency: Double, phase: Double = 0) -> Profile {
        let omega = 2 * Double.pi * frequency
        return Profile { t in
            let angle = omega * t + phase
            let s = sin(angle)
            let c = cos(angle)
            return Value(
                value: amplitude * s, rate: amplitude * omega * c, acceleration: -amplitude * omega * omega * s)
        }
    }

    /// Goes from `from` (for t ≤ start) to `to` (for t ≥ end) along the quintic smoothstep 10u³ − 15u⁴ + 6u⁵, whose
    /// first and second derivatives vanish at both ends (C², so accelerations have no jumps).
    /// Precondition: end > start.
    public static func ramp(start: Double, end: Double, from: Double = 0, to: Double = 1) -> Profile {
        precondition(end > start, "a ramp needs end > start")
        let duration = end - start
        let height = to - from
        return Profile { t in
            if t <= start { return Value(value: from, rate: 0, acceleration: 0) }
            if t >= end { return Value(value: to, rate: 0, acceleration: 0) }
            let s = smoothstep((t - start) / duration)
            return Value(
                value: from + height * s.value,
                rate: height * s.rate / duration,
                acceleration: height * s.acceleration / (duration * duration))
        }
    }

    /// 0 outside [start, end], 1 inside [start + rampTime, end − rampTime], with quintic ramps between (C²).
    /// Precondition: 0 < rampTime and 2·rampTime ≤ end − start.
    public static func window(start: Double, end: Double, rampTime: Double) -> Profile {
        precondition(rampTime > 0 && 2 * rampTime <= end - start, "a window needs 0 < 2·rampTime ≤ end − start")
        let ramps = ramp(start: start, end: start + rampTime) + ramp(start: end - rampTime, end: end, from: 0, to: -1)
        // Before the start both ramps are 0; after the end 1 + (−1) is exactly 0: the window vanishes there.
        return Profile(support: start...end, ramps.evaluate)
    }

    /// The quintic smoothstep and its derivatives at u ∈ [0, 1].
    static func smoothstep(_ u: Double) -> Value {
        let u2 = u * u
        let u3 = u2 * u
        return Value(
            value: u3 * (10 - 15 * u + 6 * u2),
            rate: 30 * u2 * (1 - 2 * u + u2),
            acceleration: 60 * u * (1 - 3 * u + 2 * u2))
    }

    /// The sum (derivatives add); zero outside both supports, a term not evaluated outside its own.
    public static func + (a: Profile, b: Profile) -> Profile {
        var support: ClosedRange<Double>?
        if let x = a.support, let y = b.support {
            support = min(x.lowerBound, y.lowerBound)...max(x.upperBound, y.upperBound)
        }
        return Profile(support: support) { t in
            // A term outside its support adds exactly zero: not evaluated (the demo's gaits outside their bouts).
            let x = a.vanishes(at: t) ? zero : a(t)
            let y = b.vanishes(at: t) ? zero : b(t)
            return Value(value: x.value + y.value, rate: x.rate + y.rate, acceleration: x.acceleration + y.acceleration)
        }
    }

    /// The product (product rule: (fg)″ = f″g + 2f′g′ + fg″); zero outside either support, where the other
    /// factor is not evaluated.
    public static func * (a: Profile, b: Profile) -> Profile {
        let support: ClosedRange<Double>?
        switch (a.support, b.support) {
        case let (x?, y?):
            // Disjoint supports: the product is zero everywhere; an empty range cannot say so, a point can.
            let lower = max(x.lowerBound, y.lowerBound)
            support = lower...max(lower, min(x.upperBound, y.upperBound))
        case let (x?, nil): support = x
        case let (nil, y): support = y
        }
        return Profile(support: support) { t in
            if a.vanishes(at: t) || b.vanishes(at: t) { return zero }
            let x = a(t)
            let y = b(t)
            return Value(
                value: x.value * y.value,
                rate: x.rate * y.value + x.value * y.rate,
                acceleration: x.acceleration * y.value + 2 * x.rate * y.rate + x.value * y.acceleration)
        }
    }

    /// The profile scaled by a constant.
    public static func * (k: Double, a: Profile) -> Profile {
        Profile(support: a.support) { t in
            let x = a(t)
            return Value(value: k * x.value, rate: k * x.rate, acceleration: k * x.acceleration)
        }
    }
}
