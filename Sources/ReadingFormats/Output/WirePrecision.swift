import TextFormats

/// How finely each quantity of a reading and its summary is written on the wire: fine enough that no sensor's noise
/// is hidden, coarse enough that `4.52` is not written `4.5200000000000005`.
public enum WirePrecision {
    /// A time on the readings' clock, a duration or an interval between beats, s: 1 µs.
    public static func time(_ seconds: Double) -> JSONValue { rounded(seconds, 1e6) }
    /// A rate per minute (heart rate in beats/min, cadence in steps/min): 0.001.
    public static func perMinute(_ rate: Double) -> JSONValue { rounded(rate, 1e3) }
    /// A pressure, kPa: 1 mPa.
    public static func pressure(_ kilopascals: Double) -> JSONValue { rounded(kilopascals, 1e6) }
    /// A height, m: 0.1 mm.
    public static func height(_ metres: Double) -> JSONValue { rounded(metres, 1e4) }
    /// A count.
    public static func count(_ count: Int) -> JSONValue { .number(Double(count)) }

    /// `value` rounded to 1/`scale` (a non-finite value as it is: JSON writes it `null`).
    private static func rounded(_ value: Double, _ scale: Double) -> JSONValue {
        guard value.isFinite else { return .number(value) }
        return .number((value * scale).rounded() / scale)
    }
}
