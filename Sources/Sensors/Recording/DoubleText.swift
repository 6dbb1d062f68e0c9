#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fast, exact conversion between `Double` and ASCII decimal text, for the recording and fused-output CSV formats.
///
/// - `parse` is correctly rounded (the same result as `strtod`): mantissas of up to 19 significant digits with a
///   decimal exponent within ±27 are converted exactly with 64/128-bit integer arithmetic; anything else (more digits,
///   huge exponents, `nan`, `inf`) goes through the C library's `strtod`.
/// - `appendShortest` writes the shortest decimal that parses back to the same `Double` (the digits Swift's
///   `description` prints, which are also the closest among the shortest), in plain notation between 1e-5 and 1e17 and
///   in `e` notation outside, without allocating. Magnitudes outside [1e-10, 1e27) go through the standard library.
///
/// Neither allocates per number: they are the hot loop of `fuse`. On random values in [−20, 20] (x86-64, release)
/// parsing took ≈ 40 ns against `strtod`'s ≈ 100 ns, and formatting ≈ 60 ns against ≈ 85 ns for
/// `Double.write(to:)` and ≈ 150 ns for `description`.
public enum DoubleText {
    /// Parses `bytes` as a decimal floating-point number: `[+-]digits[.digits][(e|E)[+-]digits]`, also `.5`, `5.`,
    /// and `nan`, `inf`, `infinity` (through `strtod`). Nil when the bytes are not exactly one number (no
    /// surrounding spaces allowed).
    @inlinable
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return nil }
        return parse(base, count: bytes.count)
    }

    /// Parses the `count` bytes at `start`; see `parse(_:)`.
    @inlinable
    public static func parse(_ start: UnsafePointer<UInt8>, count: Int) -> Double? {
        guard let prefix = parsePrefix(start, count: count), prefix.length == count else { return nil }
        return prefix.value
    }

    /// Parses the number at the start of the `count` bytes at `start` and says how many bytes it took, so that a
    /// CSV reader scans each field once. Nil when no number starts there. A token the fast path does not handle
    /// (`nan`, `inf`, more than 19 significant digits) extends to the next comma, space or tab and goes to `strtod`.
    public static func parsePrefix(_ start: UnsafePointer<UInt8>, count: Int) -> (value: Double, length: Int)? {
        var index = 0
        var negative = false
        if count > 0, start[0] == UInt8(ascii: "-") || start[0] == UInt8(ascii: "+") {
            negative = start[0] == UInt8(ascii: "-")
            index = 1
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var digitsSeen = 0
        var exponent = 0
        /// Reads the run of digits at `index` into the mantissa, eight bytes at a time where eight bytes can be
        /// loaded (the run's end found from the non-digit mask), one by one near the end of the input. False when
        /// the run makes more than 19 significant digits.
        @inline(__always)
        func digits(fraction: Bool) -> Bool {
            while index &+ 8 <= count {
                let chunk = UInt64(littleEndian: UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self))
                let nonDigits = ((chunk &+ 0x4646_4646_4646_4646) | (chunk &- 0x3030_3030_3030_3030))
                    & 0x8080_8080_8080_8080
                // The first non-digit byte is exact: digit bytes below it neither borrow nor carry into it.
                let run = nonDigits == 0 ? 8 : nonDigits.trailingZeroBitCount / 8
                if run == 0 { return true }
                // The run's digits moved to the top bytes, '0's below: the value of just those digits.
                let aligned = run == 8
                    ? chunk
                    : chunk &<< UInt64(8 &* (8 &- run)) | 0x3030_3030_3030_3030 &>> UInt64(8 &* run)
                let value = eightDigitValue(aligned)
                if mantissa == 0 {
                    // Leading zeros are not significant: count from the first nonzero byte (the lowest one).
                    significantDigits = value == 0
                        ? 0 : 8 &- (aligned &- 0x3030_3030_3030_3030).trailingZeroBitCount / 8
                } else {
                    significantDigits &+= run
                }
                if significantDigits > 19 { return false }
                mantissa = mantissa &* integerPowerOfTen(run) &+ value
                if fraction { exponent &-= run }
                digitsSeen &+= run
                index &+= run
                if run < 8 { return true }
            }
            while index < count {
                let digit = start[index] &- UInt8(ascii: "0")
                if digit > 9 { break }
                digitsSeen &+= 1
                if fraction { exponent &-= 1 }
                if mantissa != 0 || digit != 0 {
                    if significantDigits >= 19 { return false }
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    significantDigits &+= 1
                }
                index &+= 1
            }
            return true
        }
        guard digits(fraction: false) else { return libcToken(start, count: count) }
        if index < count, start[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(fraction: true) else { return libcToken(start, count: count) }
        }
        guard digitsSeen > 0 else { return libcToken(start, count: count) }
        // Exponent.
        if index < count, start[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < count, start[index] == UInt8(ascii: "-") || start[index] == UInt8(ascii: "+") {
                exponentNegative = start[index] == UInt8(ascii: "-")
                index += 1
            }
            var value = 0
            var exponentDigits = 0
            while index < count {
                let digit = start[index] &- UInt8(ascii: "0")
                if digit > 9 { break }
                if value < 100_000 { value = value * 10 + Int(digit) }
                exponentDigits += 1
                index += 1
            }
            guard exponentDigits > 0 else { return nil }
            exponent += exponentNegative ? -value : value
        }
        guard mantissa != 0 else { return (negative ? -0.0 : 0.0, index) }
        guard let magnitude = exactValue(mantissa: mantissa, exponent: exponent) else {
            return libcToken(start, count: count)
        }
        return (negative ? -magnitude : magnitude, index)
    }

    /// `strtod` on the token at `start`: up to the next comma, space or tab.
    static func libcToken(_ start: UnsafePointer<UInt8>, count: Int) -> (value: Double, length: Int)? {
        var length = 0
        while length < count, start[length] != UInt8(ascii: ","), start[length] != 0x20, start[length] != 0x09 {
            length += 1
        }
        return libcParse(start, count: length).map { ($0, length) }
    }

    /// The value of eight ASCII digits loaded little-endian (first digit in the lowest byte), by three multiplies.
    @inline(__always)
    static func eightDigitValue(_ chunk: UInt64) -> UInt64 {
        var value = chunk &- 0x3030_3030_3030_3030
        value = value &* 10 &+ value >> 8
        let low = (value & 0x0000_00FF_0000_00FF) &* (100 &+ 1_000_000 << 32)
        let high = ((value >> 16) & 0x0000_00FF_0000_00FF) &* (1 &+ 10_000 << 32)
        return (low &+ high) >> 32
    }

    /// Appends the shortest round-trip decimal text of `value` to `buffer` (`nan`, `inf`, `-inf`, `0`, `-0` for
    /// the special values).
    @inlinable
    public static func appendShortest(_ value: Double, to buffer: inout [UInt8]) {
        var scratch: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &scratch) { raw in
            let text = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let length = writeShortest(value, into: text)
            buffer.append(contentsOf: UnsafeBufferPointer(start: text, count: length))
        }
    }

    /// The shortest round-trip decimal text of `value` as a `String` (for tests and messages).
    public static func shortest(_ value: Double) -> String {
        var bytes: [UInt8] = []
        appendShortest(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes the shortest round-trip text of `value` at `out`, which must have room for 32 bytes; returns the length.
    public static func writeShortest(_ value: Double, into out: UnsafeMutablePointer<UInt8>) -> Int {
        if value.isNaN { return copy("nan", to: out) }
        var length = 0
        if value.sign == .minus {
            out[0] = UInt8(ascii: "-")
            length = 1
        }
        let magnitude = value.magnitude
        if magnitude.isInfinite { return length + copy("inf", to: out + length) }
        if magnitude == 0 {
            out[length] = UInt8(ascii: "0")
            return length + 1
        }
        guard magnitude >= 1e-10, magnitude < 1e27 else {
            return length + copy(magnitude.description, to: out + length)
        }
        let shortest = shortestDigits(magnitude)
        return length
            + format(digits: shortest.digits, count: shortest.count, exponent: shortest.exponent, into: out + length)
    }

    // MARK: - Exact decimal → binary

    /// 5^k for 0 ≤ k ≤ 27 (all below 2^63). A switch, which the compiler turns into a table without the lazy
    /// initialisation check and bounds check of a global array.
    @inline(__always)
    static func powerOfFive(_ k: Int) -> UInt64 {
        switch k {
        case 0: return 1
        case 1: return 5
        case 2: return 25
        case 3: return 125
        case 4: return 625
        case 5: return 3125
        case 6: return 15625
        case 7: return 78125
        case 8: return 390625
        case 9: return 1953125
        case 10: return 9765625
        case 11: return 48828125
        case 12: return 244140625
        case 13: return 1220703125
        case 14: return 6103515625
        case 15: return 30517578125
        case 16: return 152587890625
        case 17: return 762939453125
        case 18: return 3814697265625
        case 19: return 19073486328125
        case 20: return 95367431640625
        case 21: return 476837158203125
        case 22: return 2384185791015625
        case 23: return 11920928955078125
        case 24: return 59604644775390625
        case 25: return 298023223876953125
        case 26: return 1490116119384765625
        default: return 7_450_580_596_923_828_125
        }
    }

    /// 10^k for 0 ≤ k ≤ 22, every one exactly representable as a `Double`.
    @inline(__always)
    static func exactPowerOfTen(_ k: Int) -> Double {
        switch k {
        case 0: return 1e0
        case 1: return 1e1
        case 2: return 1e2
        case 3: return 1e3
        case 4: return 1e4
        case 5: return 1e5
        case 6: return 1e6
        case 7: return 1e7
        case 8: return 1e8
        case 9: return 1e9
        case 10: return 1e10
        case 11: return 1e11
        case 12: return 1e12
        case 13: return 1e13
        case 14: return 1e14
        case 15: return 1e15
        case 16: return 1e16
        case 17: return 1e17
        case 18: return 1e18
        case 19: return 1e19
        case 20: return 1e20
        case 21: return 1e21
        default: return 1e22
        }
    }

    /// 10^k for 0 ≤ k ≤ 19 as an integer.
    @inline(__always)
    static func integerPowerOfTen(_ k: Int) -> UInt64 {
        switch k {
        case 0: return 1
        case 1: return 10
        case 2: return 100
        case 3: return 1000
        case 4: return 10000
        case 5: return 100000
        case 6: return 1000000
        case 7: return 10000000
        case 8: return 100000000
        case 9: return 1000000000
        case 10: return 10000000000
        case 11: return 100000000000
        case 12: return 1000000000000
        case 13: return 10000000000000
        case 14: return 100000000000000
        case 15: return 1000000000000000
        case 16: return 10000000000000000
        case 17: return 100000000000000000
        case 18: return 1000000000000000000
        default: return 10_000_000_000_000_000_000
        }
    }

    /// mantissa × 10^exponent, correctly rounded; nil outside the exact range (|exponent| > 27).
    static func exactValue(mantissa: UInt64, exponent: Int) -> Double? {
        // Clinger's fast path: both operands exact, so the one IEEE operation rounds correctly.
        if mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            let m = Double(mantissa)
            return exponent >= 0 ? m * exactPowerOfTen(exponent) : m / exactPowerOfTen(-exponent)
        }
        guard exponent >= -27, exponent <= 27 else { return nil }
        if exponent >= 0 {
            // m · 5^e · 2^e: the product is exact in 128 bits.
            let product = mantissa.multipliedFullWidth(by: powerOfFive(exponent))
            return round(high: product.high, low: product.low, sticky: false, binaryExponent: exponent)
        }
        // m / (5^p · 2^p): divide the normalised mantissa, shifted up by 63 bits, by the normalised 5^p; the
        // quotient has at least 63 significant bits and the remainder tells whether anything was cut off.
        let p = -exponent
        let mantissaShift = mantissa.leadingZeroBitCount
        let divisor = powerOfFive(p)
        let divisorShift = divisor.leadingZeroBitCount
        let numerator = mantissa << mantissaShift
        let normalisedDivisor = divisor << divisorShift
        let (quotient, remainder) = normalisedDivisor.dividingFullWidth((numerator >> 1, numerator << 63))
        return round(
            high: 0, low: quotient, sticky: remainder != 0,
            binaryExponent: divisorShift - mantissaShift - 63 - p)
    }

    /// (high·2^64 + low + a fraction that is nonzero when `sticky`) · 2^binaryExponent, rounded half to even.
    /// The integer must be nonzero and the result a normal number.
    static func round(high: UInt64, low: UInt64, sticky: Bool, binaryExponent: Int) -> Double {
        var hi = high
        var lo = low
        var shift = hi.leadingZeroBitCount
        if shift == 64 {
            shift += lo.leadingZeroBitCount
            hi = lo << (shift - 64)
            lo = 0
        } else if shift > 0 {
            hi = hi << shift | lo >> (64 - shift)
            lo = lo << shift
        }
        // The 128-bit value now has its top bit set; keep 53 bits, round on the next one.
        var significand = hi >> 11
        let roundBit = hi >> 10 & 1
        let below = hi & 0x3FF != 0 || lo != 0 || sticky
        if roundBit == 1, below || significand & 1 == 1 {
            significand += 1
        }
        // significand · 2^(binaryExponent − shift + 75), built from its bits (a normal number in our ranges).
        var exponent = binaryExponent &- shift &+ 75
        if significand == 1 << 53 {
            significand = 1 << 52
            exponent &+= 1
        }
        return Double(bitPattern: UInt64(exponent &+ 1075) << 52 | significand & (1 << 52 - 1))
    }

    // MARK: - Binary → shortest decimal

    /// floor(mantissa · 2^binaryExponent · 10^k) and whether anything was cut off (`inexact`), exactly.
    /// Requires mantissa < 2^56, |k| ≤ 27, and a result below 2^64 (the callers scale to 17–18 digits).
    @inline(__always)
    static func scale(_ mantissa: UInt64, binaryExponent: Int, k: Int) -> (floor: UInt64, inexact: Bool) {
        let shift = binaryExponent &+ k
        if k >= 0 {
            // mantissa · 5^k < 2^119, then shifted by binaryExponent + k (masking shifts: amounts are in range).
            let product = mantissa.multipliedFullWidth(by: powerOfFive(k))
            if shift >= 0 { return (product.low &<< UInt64(shift), false) }
            let s = UInt64(-shift)
            if s < 64 {
                if s == 0 { return (product.low, false) }
                return (product.low &>> s | product.high &<< (64 &- s), product.low &<< (64 &- s) != 0)
            }
            if s == 64 { return (product.high, product.low != 0) }
            let t = s &- 64
            if t >= 64 { return (0, true) }
            return (product.high &>> t, product.low != 0 || product.high &<< (64 &- t) != 0)
        }
        return scaleDown(mantissa, shift: shift, k: k)
    }

    /// `scale` for k < 0 (value ≥ 1e17): the shift is positive; (mantissa << shift) / 5^−k by long division.
    @inline(never)
    static func scaleDown(_ mantissa: UInt64, shift: Int, k: Int) -> (floor: UInt64, inexact: Bool) {
        let divisor = powerOfFive(-k)
        let high = shift >= 64 ? mantissa << (shift - 64) : (shift == 0 ? 0 : mantissa >> (64 - shift))
        let low = shift >= 64 ? 0 : mantissa << shift
        let r1 = high % divisor
        let (q0, r0) = divisor.dividingFullWidth((r1, low))
        return (q0, r0 != 0)
    }

    /// The shortest digits (no trailing zeros) and decimal exponent with digits × 10^exponent == value after
    /// rounding to the nearest `Double`, choosing the closest among equally short candidates.
    ///
    /// Method: scale the value and the bounds of its rounding interval (halfway to the neighbouring doubles) by the
    /// 10^k that gives 17 digits, exactly, in integers; then take the correctly rounded 15-, 16- and 17-digit
    /// candidates and return the first inside the interval (17 digits always are). Every double needs at most 17
    /// significant digits, and any 15-or-fewer-digit string that round-trips is the correctly rounded one padded.
    static func shortestDigits(_ value: Double) -> (digits: UInt64, count: Int, exponent: Int) {
        let mantissa = value.significandBitPattern | 1 << 52
        let binaryExponent = Int(value.exponentBitPattern) - 1075
        // k = 16 − floor(log10(2^e)), with floor(e · log10 2) ≈ floor(e · 78913 / 2^18) (an arithmetic shift
        // rounds down; the constant is slightly low). Since 2^e ≤ value < 2^(e+1), value · 10^k then has 17 or 18
        // digits, never fewer: one division by 10 fixes the 18-digit case without scaling again.
        var k = 16 - ((Int(value.exponentBitPattern) - 1023) * 78913) >> 18
        // 2 · value · 10^k: one extra bit to know the half.
        var twice = scale(mantissa, binaryExponent: binaryExponent + 1, k: k)
        // The rounding interval, scaled alike; at a power of two the gap below is half as wide.
        var upper = scale(2 * mantissa + 1, binaryExponent: binaryExponent - 1, k: k)
        var lower = mantissa == 1 << 52 && value.exponentBitPattern > 1
            ? scale(4 * mantissa - 1, binaryExponent: binaryExponent - 2, k: k)
            : scale(2 * mantissa - 1, binaryExponent: binaryExponent - 1, k: k)
        if twice.floor >> 1 < 10_000_000_000_000_000 {
            // Not reached for 1e-10 ≤ value < 1e27 (see above); kept so that a wrong estimate costs time, not digits.
            k += 1
            twice = scale(mantissa, binaryExponent: binaryExponent + 1, k: k)
            upper = scale(2 * mantissa + 1, binaryExponent: binaryExponent - 1, k: k)
            lower = mantissa == 1 << 52 && value.exponentBitPattern > 1
                ? scale(4 * mantissa - 1, binaryExponent: binaryExponent - 2, k: k)
                : scale(2 * mantissa - 1, binaryExponent: binaryExponent - 1, k: k)
        }
        var n = twice.floor >> 1
        var half = twice.floor & 1 == 1
        var sticky = twice.inexact
        if n >= 100_000_000_000_000_000 {
            // (n + f) / 10 with f = half/2 + the sticky rest: the last digit r joins the fraction.
            let (quotient, r) = n.quotientAndRemainder(dividingBy: 10)
            let fractionIsZero = !half && !sticky
            n = quotient
            half = r >= 5
            sticky = !(fractionIsZero && (r == 0 || r == 5))
            k -= 1
            upper = (upper.floor / 10, upper.inexact || upper.floor % 10 != 0)
            lower = (lower.floor / 10, lower.inexact || lower.floor % 10 != 0)
        }
        // Round-to-nearest-even reads back a bound itself only when the mantissa is even.
        let boundsIncluded = mantissa & 1 == 0
        @inline(__always)
        func inside(_ x: UInt64) -> Bool {
            let aboveLower = x > lower.floor || (x == lower.floor && !lower.inexact && boundsIncluded)
            let belowUpper = x < upper.floor || (x == upper.floor && (upper.inexact || boundsIncluded))
            return aboveLower && belowUpper
        }
        for length in 15...16 {
            let drop = 17 - length
            // Constant divisors, so that the compiler multiplies instead of dividing.
            let unit: UInt64 = drop == 1 ? 10 : 100
            let (quotient, remainder) = drop == 1
                ? n.quotientAndRemainder(dividingBy: 10) : n.quotientAndRemainder(dividingBy: 100)
            let halfway = unit / 2
            var candidate = quotient
            if remainder > halfway || (remainder == halfway && (half || sticky || quotient & 1 == 1)) {
                candidate += 1
            }
            if inside(candidate * unit) {
                return stripped(candidate, count: length, exponent: drop - k)
            }
            // Only with the narrower gap below a power of two can the next candidate up be inside instead.
            if candidate == quotient, inside((candidate + 1) * unit) {
                return stripped(candidate + 1, count: length, exponent: drop - k)
            }
        }
        var candidate = n
        if half, sticky || candidate & 1 == 1 { candidate += 1 }
        return stripped(candidate, count: 17, exponent: -k)
    }

    /// Removes trailing zeros from `digits` (which has `count` digits, or is 10^count after rounding up).
    @inline(__always)
    private static func stripped(
        _ digits: UInt64, count: Int, exponent: Int
    ) -> (digits: UInt64, count: Int, exponent: Int) {
        var digits = digits
        var count = count
        var exponent = exponent
        if digits == integerPowerOfTen(count) {
            return (1, 1, exponent + count)
        }
        while digits % 100_000_000 == 0 {
            digits /= 100_000_000
            count -= 8
            exponent += 8
        }
        while digits % 10 == 0 {
            digits /= 10
            count -= 1
            exponent += 1
        }
        return (digits, count, exponent)
    }


    /// Writes digits (`count` of them) × 10^exponent: plain notation when the decimal point falls within
    /// [1e-5, 1e17), otherwise `d.ddde±x`. Returns the number of bytes written (at most 24).
    @inline(__always)
    static func format(digits: UInt64, count: Int, exponent: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
        let scientific = count - 1 + exponent
        if scientific >= -5, scientific < 17 {
            if exponent >= 0 {
                // An integer: the digits, then zeros.
                writeDigits(digits, count: count, endingAt: out + count)
                var length = count
                for _ in 0..<exponent {
                    out[length] = UInt8(ascii: "0")
                    length += 1
                }
                return length
            }
            if scientific >= 0 {
                // ddd.ddd: write the digits one byte to the right, then move the integer part left over the point.
                writeDigits(digits, count: count, endingAt: out + count + 1)
                let integerDigits = scientific + 1
                for index in 0..<integerDigits { out[index] = out[index + 1] }
                out[integerDigits] = UInt8(ascii: ".")
                return count + 1
            }
            // 0.000ddd
            out[0] = UInt8(ascii: "0")
            out[1] = UInt8(ascii: ".")
            var length = 2
            for _ in 0..<(-scientific - 1) {
                out[length] = UInt8(ascii: "0")
                length += 1
            }
            writeDigits(digits, count: count, endingAt: out + length + count)
            return length + count
        }
        // d.ddde±x
        writeDigits(digits, count: count, endingAt: out + count + 1)
        out[0] = out[1]
        var length = 1
        if count > 1 {
            out[1] = UInt8(ascii: ".")
            length = count + 1
        }
        out[length] = UInt8(ascii: "e")
        length += 1
        var e = scientific
        if e < 0 {
            out[length] = UInt8(ascii: "-")
            length += 1
            e = -e
        }
        if e >= 100 {
            out[length] = UInt8(truncatingIfNeeded: 48 + e / 100)
            length += 1
        }
        if e >= 10 {
            out[length] = UInt8(truncatingIfNeeded: 48 + e / 10 % 10)
            length += 1
        }
        out[length] = UInt8(truncatingIfNeeded: 48 + e % 10)
        return length + 1
    }

    /// Writes the `count` (≤ 17) decimal digits of `value` so that the last one is just before `end`.
    ///
    /// All 17 digits (zero-padded) are produced at once with SWAR arithmetic (Khuong's method, as described by
    /// Lemire, "Converting integers to fixed-digit representations quickly", 2021) and the last `count` copied.
    @inline(__always)
    static func writeDigits(_ value: UInt64, count: Int, endingAt end: UnsafeMutablePointer<UInt8>) {
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &scratch) { raw in
            let (leading, low) = value.quotientAndRemainder(dividingBy: 10_000_000_000_000_000)
            let (top, bottom) = low.quotientAndRemainder(dividingBy: 100_000_000)
            raw.storeBytes(of: UInt8(truncatingIfNeeded: 48 &+ leading), toByteOffset: 0, as: UInt8.self)
            raw.storeBytes(of: eightDigitText(top).littleEndian, toByteOffset: 1, as: UInt64.self)
            raw.storeBytes(of: eightDigitText(bottom).littleEndian, toByteOffset: 9, as: UInt64.self)
            (end - count).update(
                from: raw.baseAddress!.assumingMemoryBound(to: UInt8.self) + (17 - count), count: count)
        }
    }

    /// The eight ASCII digits of `value` < 10^8, zero-padded, first digit in the lowest byte.
    @inline(__always)
    static func eightDigitText(_ value: UInt64) -> UInt64 {
        let merged = value / 10_000 | (value % 10_000) &<< 32
        let top = ((merged &* 10486) &>> 20) & (0x7F &<< 32 | 0x7F)
        let bottom = merged &- 100 &* top
        let hundreds = bottom &<< 16 &+ top
        var tens = (hundreds &* 103) &>> 10
        tens &= 0xF &<< 48 | 0xF &<< 32 | 0xF &<< 16 | 0xF
        tens &+= (hundreds &- 10 &* tens) &<< 8
        return tens &+ 0x3030_3030_3030_3030
    }

    private static func copy(_ text: String, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var length = 0
        for byte in text.utf8 {
            out[length] = byte
            length += 1
        }
        return length
    }

    /// The C library's correctly rounded parser, for the rare inputs outside the exact fast paths.
    static func libcParse(_ start: UnsafePointer<UInt8>, count: Int) -> Double? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: count + 1) { text -> Double? in
            let base = text.baseAddress!
            for index in 0..<count {
                // strtod would stop early at a NUL byte; make it fail instead.
                base[index] = start[index] == 0 ? CChar(UInt8(ascii: "x")) : CChar(bitPattern: start[index])
            }
            base[count] = 0
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(base, &end)
            guard let end, end - base == count, count > 0, !start[0].isASCIISpace else { return nil }
            return value
        }
    }
}

extension UInt8 {
    fileprivate var isASCIISpace: Bool { self == 0x20 || (self >= 0x09 && self <= 0x0D) }
}
