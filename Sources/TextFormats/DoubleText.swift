/// Fast, exact conversion between `Double` and ASCII decimal text, for the recording and fused-output CSV formats.
///
/// - `parse` is correctly rounded (the same result as `strtod`): mantissas of up to 19 significant digits with a
///   decimal exponent within ±27 are converted exactly with 64/128-bit integer arithmetic; anything else (more digits,
///   huge exponents, `nan`, `inf`) goes through the C library's `strtod`.
/// - `appendShortest` writes the shortest decimal that parses back to the same `Double` (the digits Swift's
///   `description` prints, which are also the closest among the shortest), in plain notation between 1e-5 and 1e17 and
///   in `e` notation outside, without allocating. Magnitudes outside [1e-10, 1e27) go through the standard library.
///
/// Neither allocates per number: they are the hot loop of `fuse`. `bench/double-text` measures both against the C
/// library and the standard library on the same random values in [−20, 20] (release build, CPU time per number, on
/// the shared 2-core development machine under load): parsing their 17-digit shortest text 70 ns against `strtod`'s
/// 234 ns (6-decimal text: 49 against 183), formatting 101 ns against 166 ns for `Double.write(to:)` and 163 ns for
/// `description`. The figures of each session are in `bench/README.md`.
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
}
