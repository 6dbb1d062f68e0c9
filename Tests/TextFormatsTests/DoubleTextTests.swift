import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

import MotionMath
@testable import TextFormats

@Suite struct DoubleTextTests {
    /// Deterministic values of every kind the recordings hold: uniform, ADC-like (count × scale), timestamps, and
    /// random bit patterns over the whole range.
    static func values() -> [Double] {
        var random = SplitMix64(seed: 0x1234_5678)
        var values: [Double] = [
            0.1, 0.2, 0.3, 1e-5, 1e-6, 1e16, 1e17, 1e-10, 1e27, 9.999999999999999e26, 2.0 / 3, 100, 1e22, 1e23,
            5e-11, 123_456_789_012_345_680, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .leastNormalMagnitude,
            9.80665, 1, 0.5, 1234.5678, 4.35, 0.000598, 12_345_678_901_234_568,
        ]
        for _ in 0..<20_000 {
            let unit = random.nextUniform()
            values.append(unit * 40 - 20)
            values.append(Double(Int64(bitPattern: random.next()) % 5000) * 0.000598)
            values.append(1_700_000_000 + unit * 1000)
            values.append(Double(bitPattern: random.next()))
            values.append(unit * pow(10, Double(Int(random.next() % 40)) - 12))
        }
        return values.filter { $0.isFinite } + values.filter { $0.isFinite }.map { -$0 }
    }

    @Test func shortestRoundTripsAndMatchesSwiftsDigits() {
        var failures: [String] = []
        for value in Self.values() {
            let text = DoubleText.shortest(value)
            let parsed = Array(text.utf8).withUnsafeBufferPointer { DoubleText.parse($0) }
            if parsed?.bitPattern != value.bitPattern {
                failures.append("\(value) → \(text) → \(String(describing: parsed))")
            }
            if Double(text)?.bitPattern != value.bitPattern { failures.append("stdlib reads \(text) not as \(value)") }
            if significantDigits(text) != significantDigits(value.description) {
                failures.append("\(value): \(text) is not as short as Swift's \(value.description)")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test func parseAgreesWithStrtodOnRandomDecimalStrings() {
        var state: UInt64 = 99
        func next(_ bound: UInt64) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % bound)
        }
        var failures: [String] = []
        for _ in 0..<50_000 {
            var text = next(2) == 0 ? "-" : ""
            let digits = 1 + next(24)
            let dot = next(UInt64(digits + 1))
            for index in 0..<digits {
                if index == dot && index > 0 { text += "." }
                text += String(next(10))
            }
            if next(2) == 0 { text += "e\(next(90) - 45)" }
            let mine = Array(text.utf8).withUnsafeBufferPointer { DoubleText.parse($0) }
            let reference = strtod(text, nil)
            if mine?.bitPattern != reference.bitPattern { failures.append(text) }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test(arguments: [
        ("1", 1.0), ("-2.5", -2.5), ("+3", 3), (".5", 0.5), ("5.", 5), ("1e3", 1000), ("1E-3", 0.001),
        ("1e+2", 100), ("-0", -0.0), ("0.000", 0), ("00012.50", 12.5), ("inf", .infinity), ("-inf", -.infinity),
    ])
    func parsesValidForms(text: String, expected: Double) {
        let parsed = Array(text.utf8).withUnsafeBufferPointer { DoubleText.parse($0) }
        #expect(parsed?.bitPattern == expected.bitPattern)
    }

    @Test(arguments: ["", "-", ".", "e5", "1e", "1e+", "abc", " 1", "1 ", "1,2", "0x10", "1..2", "--1", "1e5x", "nanx"])
    func rejectsInvalidForms(text: String) {
        #expect(Array(text.utf8).withUnsafeBufferPointer { DoubleText.parse($0) } == nil)
    }

    @Test func specialValuesAndNotation() {
        #expect(DoubleText.shortest(0) == "0")
        #expect(DoubleText.shortest(-0.0) == "-0")
        #expect(DoubleText.shortest(.nan) == "nan")
        #expect(DoubleText.shortest(-.infinity) == "-inf")
        #expect(DoubleText.shortest(9.81) == "9.81")
        #expect(DoubleText.shortest(1e-5) == "0.00001")
        #expect(DoubleText.shortest(1e-6) == "1e-6")
        #expect(DoubleText.shortest(100) == "100")
        #expect(DoubleText.shortest(1e17) == "1e17")
        #expect(DoubleText.shortest(-1.5e20) == "-1.5e20")
        #expect(DoubleText.shortest(123.456) == "123.456")
    }

    private func significantDigits(_ text: String) -> String {
        var mantissa = Substring(text.lowercased())
        if let e = mantissa.firstIndex(of: "e") { mantissa = mantissa[..<e] }
        var digits = mantissa.filter(\.isNumber)
        while digits.hasPrefix("0") { digits.removeFirst() }
        while digits.hasSuffix("0") { digits.removeLast() }
        return String(digits)
    }
}
