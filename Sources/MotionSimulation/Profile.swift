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

    /// A profile from a function returning the value and its exact derivatives.
    public init(_ evaluate: @escaping @Sendable (Double) -> Value) {
        self.evaluate = evaluate
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
            return Value(value: amplitude * s, rate: amplitude * omega * c, acceleration: -amplitude * omega * omega * s)
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
        return ramp(start: start, end: start + rampTime) + ramp(start: end - rampTime, end: end, from: 0, to: -1)
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

    /// The sum (derivatives add).
    public static func + (a: Profile, b: Profile) -> Profile {
        Profile { t in
            let x = a(t)
            let y = b(t)
            return Value(value: x.value + y.value, rate: x.rate + y.rate, acceleration: x.acceleration + y.acceleration)
        }
    }

    /// The product (product rule: (fg)″ = f″g + 2f′g′ + fg″).
    public static func * (a: Profile, b: Profile) -> Profile {
        Profile { t in
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
        Profile { t in
            let x = a(t)
            return Value(value: k * x.value, rate: k * x.rate, acceleration: k * x.acceleration)
        }
    }
}
