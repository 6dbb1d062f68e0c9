import Foundation
import Testing
import TextFormats

/// `FixedDecimal` replaced Foundation's `String(format: "%.Nf")`; it must print exactly what that printed.
@Suite struct FixedDecimalTests {
    @Test(arguments: [
        (3.14159, 2, "3.14"), (2.5, 0, "2"), (3.5, 0, "4"), (0.125, 2, "0.12"), (0.375, 2, "0.38"),
        (1.005, 2, "1.00"), (-1.25, 1, "-1.2"), (-0.001, 2, "-0.00"), (-0.0, 1, "-0.0"), (0, 3, "0.000"),
        (123456789.123, 1, "123456789.1"), (9.995, 2, "9.99"), (9.9951, 2, "10.00"),
        (1e21, 0, "1000000000000000000000"), (-273.15, 4, "-273.1500"),
    ] as [(Double, Int, String)])
    func matchesPrintf(value: Double, digits: Int, expected: String) {
        #expect(FixedDecimal.string(value, digits: digits) == expected)
        #expect(FixedDecimal.string(value, digits: digits) == String(format: "%.\(digits)f", value))
    }

    @Test func nonFiniteValuesAndExtremes() {
        #expect(FixedDecimal.string(.nan, digits: 2) == "nan")
        #expect(FixedDecimal.string(.infinity, digits: 2) == "inf")
        #expect(FixedDecimal.string(-.infinity, digits: 2) == "-inf")
        // The widest value with the most decimals fits the buffer: 309 integer digits, point, 17 decimals.
        let widest = FixedDecimal.string(-Double.greatestFiniteMagnitude, digits: 17)
        #expect(widest == String(format: "%.17f", -Double.greatestFiniteMagnitude))
        #expect(widest.count == 1 + 309 + 1 + 17)
    }

    @Test func digitsAreClamped() {
        #expect(FixedDecimal.string(1.5, digits: -3) == "2")
        #expect(FixedDecimal.string(0.1, digits: 40) == String(format: "%.17f", 0.1))
    }

    @Test func paddingAndHex() {
        #expect(FixedDecimal.string(-3.21, digits: 1, width: 6) == "  -3.2")
        #expect(FixedDecimal.string(12345.6, digits: 1, width: 4) == "12345.6")
        #expect(FixedDecimal.hex(0x1f, width: 4) == "001f")
        #expect(FixedDecimal.hex(0, width: 4) == "0000")
        #expect(FixedDecimal.hex(0x1_0000, width: 4) == "10000")
    }

    /// Numbers in sentences: rounded for people, never `0.30000000000000004` or `1e-06`.
    @Test(arguments: [
        (0.30000000000000004, "0.3"), (1e9, "1000000000"), (1e-6, "0.000001"), (3.3333333333333335, "3.333"),
        (0, "0"), (-2.5, "-2.5"), (100, "100"), (612.3456, "612.3"), (0.1 + 0.2, "0.3"), (-0.00001, "-0.00001"),
    ] as [(Double, String)])
    func readableNumbers(value: Double, text: String) {
        #expect(FixedDecimal.readable(value) == text)
    }
}
