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
        // Integer part.
        while index < count {
            let digit = start[index] &- UInt8(ascii: "0")
            if digit > 9 { break }
            digitsSeen += 1
            if mantissa != 0 || digit != 0 {
                if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                } else {
                    return libcToken(start, count: count)
                }
                significantDigits += 1
            }
            index += 1
        }
        // Fraction: eight digits at a time while they last, then one by one.
        if index < count, start[index] == UInt8(ascii: ".") {
            index += 1
            while index + 8 <= count {
                let chunk = UInt64(littleEndian: UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self))
                guard isEightDigits(chunk) else { break }
                let value = eightDigitValue(chunk)
                if mantissa == 0 {
                    // Leading zeros are not significant: count from the first nonzero byte (the lowest one).
                    significantDigits = value == 0 ? 0 : 8 - (chunk &- 0x3030_3030_3030_3030).trailingZeroBitCount / 8
                } else {
                    significantDigits += 8
                }
                if significantDigits > 19 { return libcToken(start, count: count) }
                mantissa = mantissa &* 100_000_000 &+ value
                exponent -= 8
                digitsSeen += 8
                index += 8
            }
            while index < count {
                let digit = start[index] &- UInt8(ascii: "0")
                if digit > 9 { break }
                digitsSeen += 1
                exponent -= 1
                if mantissa != 0 || digit != 0 {
                    if significantDigits < 19 {
                        mantissa = mantissa &* 10 &+ UInt64(digit)
                    } else {
                        return libcToken(start, count: count)
                    }
                    significantDigits += 1
                }
                index += 1
            }
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

    /// True when the eight bytes of `chunk` are all ASCII digits (fast_float's test).
    @inline(__always)
    static func isEightDigits(_ chunk: UInt64) -> Bool {
        ((chunk &+ 0x4646_4646_4646_4646) | (chunk &- 0x3030_3030_3030_3030)) & 0x8080_8080_8080_8080 == 0
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
        return length + format(digits: shortest.digits, count: shortest.count, exponent: shortest.exponent, into: out + length)
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

    /// floor(mantissa · 2^binaryExponent · 10^k) and whether anything was cut off (`inexact`), exactly.
    /// Requires mantissa < 2^56, |k| ≤ 27, and a result below 2^64 (the callers scale to 17–18 digits).
    @inline(__always)
    static func scale(_ mantissa: UInt64, binaryExponent: Int, k: Int) -> (floor: UInt64, inexact: Bool) {
        let shift = binaryExponent + k
        if k >= 0 {
            // mantissa · 5^k < 2^119, then shifted by binaryExponent + k.
            let product = mantissa.multipliedFullWidth(by: powersOfFive[k])
            if shift >= 0 { return (product.low << shift, false) }
            let s = -shift
            if s < 64 {
                return (product.low >> s | product.high << (64 - s), product.low << (64 - s) != 0)
            }
            if s == 64 { return (product.high, product.low != 0) }
            let t = s - 64
            return (t >= 64 ? 0 : product.high >> t, product.low != 0 || product.high << (64 - t) != 0)
        }
        // value ≥ 1e17 here, so the shift is positive: (mantissa << shift) / 5^−k by long division.
        let divisor = powersOfFive[-k]
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
        // floor(log10(2^e)) = floor(e · 78913 / 2^18) for |e| < 1650 (an arithmetic shift rounds down).
        var k = 16 - ((Int(value.exponentBitPattern) - 1023) * 78913) >> 18
        // 2 · value · 10^k: one extra bit to know the half.
        var twice = scale(mantissa, binaryExponent: binaryExponent + 1, k: k)
        while twice.floor >> 1 >= 100_000_000_000_000_000 {
            k -= 1
            twice = scale(mantissa, binaryExponent: binaryExponent + 1, k: k)
        }
        while twice.floor >> 1 < 10_000_000_000_000_000 {
            k += 1
            twice = scale(mantissa, binaryExponent: binaryExponent + 1, k: k)
        }
        let n = twice.floor >> 1
        let half = twice.floor & 1 == 1
        let sticky = twice.inexact
        // The rounding interval, scaled alike; at a power of two the gap below is half as wide.
        let upper = scale(2 * mantissa + 1, binaryExponent: binaryExponent - 1, k: k)
        let lower = mantissa == 1 << 52 && value.exponentBitPattern > 1
            ? scale(4 * mantissa - 1, binaryExponent: binaryExponent - 2, k: k)
            : scale(2 * mantissa - 1, binaryExponent: binaryExponent - 1, k: k)
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
        if digits == integerPowersOfTen[count] {
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

    /// "00" "01" … "99".
    static let digitPairs: [UInt8] = Array(
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
            .utf8)

    /// Writes digits (`count` of them) × 10^exponent: plain notation when the decimal point falls within [1e-5, 1e17), otherwise
    /// `d.ddde±x`. Returns the number of bytes written (at most 24).
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

    /// Writes the `count` decimal digits of `value` so that the last one is just before `end`.
    @inline(__always)
    static func writeDigits(_ value: UInt64, count: Int, endingAt end: UnsafeMutablePointer<UInt8>) {
        var position = end
        var rest = value
        // Eight digits at a time in 32-bit arithmetic, two at a time from the table.
        digitPairs.withUnsafeBufferPointer { pairs in
            let table = pairs.baseAddress!
            while rest >= 100_000_000 {
                var chunk = UInt32(truncatingIfNeeded: rest % 100_000_000)
                rest /= 100_000_000
                for _ in 0..<4 {
                    let pair = Int(chunk % 100)
                    chunk /= 100
                    position -= 2
                    position[0] = table[2 * pair]
                    position[1] = table[2 * pair + 1]
                }
            }
            var small = UInt32(truncatingIfNeeded: rest)
            while small >= 100 {
                let pair = Int(small % 100)
                small /= 100
                position -= 2
                position[0] = table[2 * pair]
                position[1] = table[2 * pair + 1]
            }
            if small >= 10 {
                position -= 2
                position[0] = table[2 * Int(small)]
                position[1] = table[2 * Int(small) + 1]
            } else {
                position -= 1
                position[0] = UInt8(truncatingIfNeeded: 48 + small)
            }
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
