// Binary → shortest decimal conversion for `DoubleText.writeShortest`.
extension DoubleText {
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

    static func copy(_ text: String, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var length = 0
        for byte in text.utf8 {
            out[length] = byte
            length += 1
        }
        return length
    }
}
