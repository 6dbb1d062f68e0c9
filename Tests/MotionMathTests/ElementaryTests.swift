import Foundation
import Testing

@testable import MotionMath

/// The pure-Swift elementary functions against the C library, in ulps of the result.
@Suite("Elementary functions")
struct ElementaryTests {
    static func ulps(_ a: Double, _ b: Double) -> Double {
        if a == b { return 0 }
        return abs(a - b) / max(b.ulp, Double.leastNormalMagnitude)
    }

    static let arguments: [Double] = {
        var values: [Double] = [0, -0.0, 1e-300, 1e-10, 0.1, 0.4375, 0.5, 0.6875, 0.785, 1, 1.1875, 1.5, 2.4375, 3]
        values += [Double.pi / 2, Double.pi, 5, 10, 100, 1e4, 1e5]
        var x = -20.0
        while x < 20 {
            values.append(x)
            x += 0.0137
        }
        return values + values.map { -$0 }
    }()

    @Test func sineAndCosineWithinTwoUlps() {
        for x in Self.arguments {
            // Near a zero of the function the absolute error is what matters.
            let s = Elementary.sin(x), c = Elementary.cos(x)
            #expect(Self.ulps(s, sin(x)) <= 2 || abs(s - sin(x)) < 1e-16 * max(1, abs(x)), "sin(\(x))")
            #expect(Self.ulps(c, cos(x)) <= 2 || abs(c - cos(x)) < 1e-16 * max(1, abs(x)), "cos(\(x))")
            let (s2, c2) = Elementary.sincos(x)
            #expect(s2 == s && c2 == c)
        }
        #expect(Elementary.sin(.nan).isNaN)
        #expect(Elementary.cos(.infinity).isNaN)
    }

    @Test func arcTangentsWithinTwoUlps() {
        for x in Self.arguments {
            #expect(Self.ulps(Elementary.atan(x), atan(x)) <= 2, "atan(\(x))")
            for y in [-3.0, -1, -1e-8, 0, 0.3, 2] {
                #expect(Self.ulps(Elementary.atan2(y, x), atan2(y, x)) <= 2, "atan2(\(y), \(x))")
            }
        }
        #expect(Elementary.atan2(0, -1) == .pi)
        #expect(Elementary.atan2(-0.0, -1) == -.pi)
        #expect(Elementary.atan2(1, 0) == .pi / 2)
        #expect(Elementary.atan(.nan).isNaN)
    }

    @Test func arcSineAndCosineAccurate() {
        var x = -1.0
        while x <= 1 {
            // 1e-15 rad is about two ulps of π.
            #expect(abs(Elementary.asin(x) - asin(x)) < 1e-15, "asin(\(x))")
            #expect(abs(Elementary.acos(x) - acos(x)) < 1e-15, "acos(\(x))")
            x += 0.01
        }
        #expect(Elementary.asin(1.5).isNaN)
        #expect(Elementary.acos(-1) == .pi)
    }

    @Test func exponentialWithinTwoUlps() {
        var x = -740.0
        while x < 709 {
            #expect(Self.ulps(Elementary.exp(x), exp(x)) <= 2, "exp(\(x))")
            x += 1.37
        }
        for x in [0.0, 1e-12, -1e-12, 0.5, -0.5, 1, 2] {
            #expect(Self.ulps(Elementary.exp(x), exp(x)) <= 1, "exp(\(x))")
        }
        #expect(Elementary.exp(800) == .infinity)
        #expect(Elementary.exp(-800) == 0)
        #expect(Elementary.exp(.nan).isNaN)
        #expect(Self.ulps(Elementary.tan(0.7), tan(0.7)) <= 2)
    }
}
