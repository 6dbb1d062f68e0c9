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
/// Neither allocates per number: they are the hot loop of `fuse` (measured about 4× faster than `description` and
/// `strtod` on random values).
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
    public static func parse(_ start: UnsafePointer<UInt8>, count: Int) -> Double? {
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
        // Integer part.
        while index < count {
            let digit = start[index] &- UInt8(ascii: "0")
            if digit > 9 { break }
            digitsSeen += 1
            if mantissa != 0 || digit != 0 {
                if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                } else {
                    return libcParse(start, count: count)
                }
                significantDigits += 1
            }
            index += 1
        }
        // Fraction.
        if index < count, start[index] == UInt8(ascii: ".") {
            index += 1
            while index < count {
                let digit = start[index] &- UInt8(ascii: "0")
                if digit > 9 { break }
                digitsSeen += 1
                exponent -= 1
                if mantissa != 0 || digit != 0 {
                    if significantDigits < 19 {
                        mantissa = mantissa &* 10 &+ UInt64(digit)
                    } else {
                        return libcParse(start, count: count)
                    }
                    significantDigits += 1
                }
                index += 1
            }
        }
        guard digitsSeen > 0 else { return libcParse(start, count: count) }
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
        guard index == count else { return nil }
        guard mantissa != 0 else { return negative ? -0.0 : 0.0 }
        guard let magnitude = exactValue(mantissa: mantissa, exponent: exponent) else {
            return libcParse(start, count: count)
        }
        return negative ? -magnitude : magnitude
    }

    /// Appends the shortest round-trip decimal text of `value` to `buffer` (`nan`, `inf`, `-inf`, `0`, `-0` for
    /// the special values).
    @inlinable
    public static func appendShortest(_ value: Double, to buffer: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { scratch in
            let length = writeShortest(value, into: scratch.baseAddress!)
            buffer.append(contentsOf: UnsafeBufferPointer(start: scratch.baseAddress!, count: length))
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
        let (digits, decimalExponent) = shortestDigits(magnitude)
        return length + format(digits: digits, exponent: decimalExponent, into: out + length)
    }

    // MARK: - Exact decimal → binary

    /// 5^0 … 5^27 (all below 2^63).
    @usableFromInline
    static let powersOfFive: [UInt64] = [
        1,
        5,
        25,
        125,
        625,
        3125,
        15625,
        78125,
        390625,
        1953125,
        9765625,
        48828125,
        244140625,
        1220703125,
        6103515625,
        30517578125,
        152587890625,
        762939453125,
        3814697265625,
        19073486328125,
        95367431640625,
        476837158203125,
        2384185791015625,
        11920928955078125,
        59604644775390625,
        298023223876953125,
        1490116119384765625,
        7450580596923828125,
    ]

    /// 10^0 … 10^22, every one exactly representable as a `Double`.
    static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// 10^0 … 10^19 as integers.
    static let integerPowersOfTen: [UInt64] = [
        1,
        10,
        100,
        1000,
        10000,
        100000,
        1000000,
        10000000,
        100000000,
        1000000000,
        10000000000,
        100000000000,
        1000000000000,
        10000000000000,
        100000000000000,
        1000000000000000,
        10000000000000000,
        100000000000000000,
        1000000000000000000,
        10000000000000000000,
    ]

    /// mantissa × 10^exponent, correctly rounded; nil outside the exact range (|exponent| > 27).
    static func exactValue(mantissa: UInt64, exponent: Int) -> Double? {
        // Clinger's fast path: both operands exact, so the one IEEE operation rounds correctly.
        if mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            let m = Double(mantissa)
            return exponent >= 0 ? m * exactPowersOfTen[exponent] : m / exactPowersOfTen[-exponent]
        }
        guard exponent >= -27, exponent <= 27 else { return nil }
        if exponent >= 0 {
            // m · 5^e · 2^e: the product is exact in 128 bits.
            let product = mantissa.multipliedFullWidth(by: powersOfFive[exponent])
            return round(high: product.high, low: product.low, sticky: false, binaryExponent: exponent)
        }
        // m / (5^p · 2^p): divide the normalised mantissa, shifted up by 63 bits, by the normalised 5^p; the
        // quotient has at least 63 significant bits and the remainder tells whether anything was cut off.
        let p = -exponent
        let mantissaShift = mantissa.leadingZeroBitCount
        let divisor = powersOfFive[p]
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
        return Double(sign: .plus, exponent: binaryExponent - shift + 75, significand: Double(significand))
    }

    // MARK: - Binary → shortest decimal

    /// The value × 10^k as an integer `n` plus what was cut off: `half` when the fraction is ≥ ½, `sticky` when the
    /// fraction is neither 0 nor ½. Requires 1e-10 ≤ value < 1e27 and k chosen so that n has 17 or 18 digits.
    static func scaled(_ value: Double, by k: Int) -> (n: UInt64, half: Bool, sticky: Bool) {
        let significand = value.significandBitPattern | 1 << 52
        let binaryExponent = Int(value.exponentBitPattern) - 1075
        // 2 · value · 10^k = significand · 5^k · 2^(binaryExponent + k + 1): one extra bit for the half.
        let shift = binaryExponent + k + 1
        var doubled: UInt64
        var sticky = false
        if k >= 0 {
            let product = significand.multipliedFullWidth(by: powersOfFive[k])
            if shift >= 0 {
                doubled = product.low << shift
            } else if -shift < 64 {
                let s = -shift
                doubled = product.low >> s | product.high << (64 - s)
                sticky = product.low << (64 - s) != 0
            } else {
                let s = -shift - 64
                doubled = s == 0 ? product.high : product.high >> s
                sticky = product.low != 0 || (s > 0 && product.high << (64 - s) != 0)
            }
        } else {
            // value ≥ 1e17 here, so shift > 0 and the shifted significand fits in 128 bits.
            let divisor = powersOfFive[-k]
            let high = shift >= 64 ? significand << (shift - 64) : (shift == 0 ? 0 : significand >> (64 - shift))
            let low = shift >= 64 ? 0 : significand << shift
            let (q1, r1) = high.quotientAndRemainder(dividingBy: divisor)
            let (q0, r0) = divisor.dividingFullWidth((r1, low))
            _ = q1  // zero: the quotient has at most 18 digits
            doubled = q0
            sticky = r0 != 0
        }
        return (doubled >> 1, doubled & 1 == 1, sticky)
    }

    /// The shortest digits (no trailing zeros) and decimal exponent with digits × 10^exponent == value after
    /// rounding to the nearest `Double`, choosing the closest among equally short candidates.
    static func shortestDigits(_ value: Double) -> (digits: UInt64, exponent: Int) {
        // k such that value · 10^k has 17 digits: 10^16 ≤ n < 10^17.
        // floor(log10(2^e)) = floor(e · 78913 / 2^18) for |e| < 1650 (an arithmetic shift rounds down).
        var k = 16 - ((Int(value.exponentBitPattern) - 1023) * 78913) >> 18
        var parts = scaled(value, by: k)
        while parts.n >= 100_000_000_000_000_000 {
            k -= 1
            parts = scaled(value, by: k)
        }
        while parts.n < 10_000_000_000_000_000 {
            k += 1
            parts = scaled(value, by: k)
        }
        for length in 15...17 {
            let drop = 17 - length
            var candidate: UInt64
            var exponent = drop - k
            if drop == 0 {
                candidate = parts.n
                if parts.half, parts.sticky || candidate & 1 == 1 { candidate += 1 }
            } else {
                // Constant divisors, so that the compiler multiplies instead of dividing.
                let (quotient, remainder) = drop == 1
                    ? parts.n.quotientAndRemainder(dividingBy: 10) : parts.n.quotientAndRemainder(dividingBy: 100)
                candidate = quotient
                let halfway: UInt64 = drop == 1 ? 5 : 50
                if remainder > halfway || (remainder == halfway && (parts.half || parts.sticky || quotient & 1 == 1)) {
                    candidate += 1
                }
            }
            if candidate == integerPowersOfTen[length] {
                candidate /= 10
                exponent += 1
            }
            if length == 17 || exactValue(mantissa: candidate, exponent: exponent) == value {
                while candidate % 10 == 0 {
                    candidate /= 10
                    exponent += 1
                }
                return (candidate, exponent)
            }
        }
        preconditionFailure("unreachable: 17 digits always round-trip")
    }

    /// "00" "01" … "99".
    static let digitPairs: [UInt8] = Array(
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
            .utf8)

    /// Writes digits × 10^exponent: plain notation when the decimal point falls within [1e-5, 1e17), otherwise
    /// `d.ddde±x`. Returns the number of bytes written (at most 26).
    static func format(digits: UInt64, exponent: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
        // Digits, most significant first, into a scratch area.
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
        return withUnsafeMutableBytes(of: &scratch) { raw -> Int in
            let text = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            var count = 0
            var rest = digits
            var end = 24
            digitPairs.withUnsafeBufferPointer { pairs in
                while rest >= 100 {
                    let pair = Int(rest % 100)
                    rest /= 100
                    end -= 2
                    text[end] = pairs[2 * pair]
                    text[end + 1] = pairs[2 * pair + 1]
                }
                if rest >= 10 {
                    end -= 2
                    text[end] = pairs[2 * Int(rest)]
                    text[end + 1] = pairs[2 * Int(rest) + 1]
                } else {
                    end -= 1
                    text[end] = UInt8(48 + rest)
                }
            }
            count = 24 - end
            let digitText = text + end
            let scientific = count - 1 + exponent
            var length = 0
            if scientific >= -5, scientific < 17 {
                if exponent >= 0 {
                    out.update(from: digitText, count: count)
                    length = count
                    for _ in 0..<exponent {
                        out[length] = UInt8(ascii: "0")
                        length += 1
                    }
                } else if scientific >= 0 {
                    let integerDigits = scientific + 1
                    out.update(from: digitText, count: integerDigits)
                    out[integerDigits] = UInt8(ascii: ".")
                    (out + integerDigits + 1).update(from: digitText + integerDigits, count: count - integerDigits)
                    length = count + 1
                } else {
                    out[0] = UInt8(ascii: "0")
                    out[1] = UInt8(ascii: ".")
                    length = 2
                    for _ in 0..<(-scientific - 1) {
                        out[length] = UInt8(ascii: "0")
                        length += 1
                    }
                    (out + length).update(from: digitText, count: count)
                    length += count
                }
                return length
            }
            out[0] = digitText[0]
            length = 1
            if count > 1 {
                out[1] = UInt8(ascii: ".")
                (out + 2).update(from: digitText + 1, count: count - 1)
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
            if e >= 10 {
                out[length] = UInt8(48 + e / 10)
                length += 1
            }
            out[length] = UInt8(48 + e % 10)
            return length + 1
        }
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
