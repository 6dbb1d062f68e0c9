import Foundation
import Testing

@testable import BodyReadingsCLI

/// The shape of `bodyreadings benchmark`'s output (not its speed: no timed assertions).
@Suite("benchmark command")
struct BenchmarkCommandTests {
    @Test func jsonHasBothModesWithPositiveFiniteNumbers() throws {
        let (console, captured) = Console.capture()
        let status = BodyReadingsTool.run(arguments: ["benchmark", "--json", "--seconds", "0.01"], console: console)
        #expect(status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(captured.stdout.utf8)) as? [String: Any]
        for mode in ["6d", "9d"] {
            let entry = try #require(object?[mode] as? [String: Any], "missing \(mode) in \(captured.stdout)")
            let rate = try #require(entry["samples_per_second"] as? Double)
            let nanoseconds = try #require(entry["ns_per_sample"] as? Double)
            let samples = try #require(entry["samples"] as? Int)
            #expect(rate > 0 && nanoseconds > 0 && samples >= 100_000)
            // samples/s and ns/sample describe the same measurement.
            #expect(abs(rate * nanoseconds / 1e9 - 1) < 0.01)
            #expect((entry["checksum"] as? Double)?.isFinite == true, "the filter produced NaN on the trajectory")
        }
    }

    @Test func textOutputAndBadSeconds() {
        let (console, captured) = Console.capture()
        #expect(BodyReadingsTool.run(arguments: ["benchmark", "--seconds", "0.01"], console: console) == 0)
        #expect(captured.stdout.hasPrefix("6D: ") && captured.stdout.contains("\n9D: "))
        #expect(captured.stdout.contains("ns/sample"))
        let (badConsole, bad) = Console.capture()
        #expect(BodyReadingsTool.run(arguments: ["benchmark", "--seconds", "0"], console: badConsole) == 64)
        #expect(bad.stderr.contains("--seconds"))
    }
}
