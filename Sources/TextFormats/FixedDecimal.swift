#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fixed-point decimal text for people (`printf`'s `%.Nf`), the one place the tool formats numbers to a set number of
/// decimals. It replaces Foundation's `String(format:)` so that the executable does not link Foundation.
///
/// Rounding is the C library's: correctly rounded, ties to even on the exact binary value (`0.125` → `"0.12"`,
/// `0.375` → `"0.38"`). As with `printf`, a negative value that rounds to zero keeps its sign (`-0.001` → `"-0.00"`,
/// `-0.0` → `"-0.0"`), NaN is `"nan"` and infinities are `"inf"`/`"-inf"`.
public enum FixedDecimal {
    /// `value` with `digits` decimals (clamped to 0...17), e.g. `string(3.14159, digits: 2)` is `"3.14"`.
    public static func string(_ value: Double, digits: Int) -> String {
        let digits = Int32(min(max(digits, 0), 17))
        // 309 integer digits (1.8e308), sign, point and 17 decimals fit.
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 352) { buffer in
            let count = withVaList([digits, value]) { arguments in
                vsnprintf(buffer.baseAddress, buffer.count, "%.*f", arguments)
            }
            guard count >= 0, let base = buffer.baseAddress else { return "\(value)" }
            return String(cString: base)
        }
    }

    /// `value` for a sentence: rounded to `significant` significant digits (at most 17 decimals), without trailing
    /// zeros or exponent — `0.30000000000000004` → `"0.3"`, `1e9` → `"1000000000"`, `1e-6` → `"0.000001"`,
    /// `3.3333333` → `"3.333"`.
    public static func readable(_ value: Double, significant: Int = 4) -> String {
        guard value.isFinite, value != 0 else { return value == 0 ? "0" : string(value, digits: 0) }
        let magnitude = Int(floor(log10(abs(value))))
        var text = string(value, digits: max(0, significant - 1 - magnitude))
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// `string(value, digits:)` right-aligned with spaces to at least `width` characters.
    public static func string(_ value: Double, digits: Int, width: Int) -> String {
        let text = string(value, digits: digits)
        return text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }

    /// `value` as `width` lowercase hexadecimal digits or more, zero-padded (`printf`'s `%0Nx`).
    public static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
