#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Exact decimal → binary conversion for `DoubleText.parse`: integer arithmetic for the common inputs, `strtod` for
// the rest.
extension DoubleText {
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
