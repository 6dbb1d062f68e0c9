import BodyReadings
import Testing
@testable import BodyReadingsCLI

@Suite("--source and its options")
struct SourceOptionsTests {
    @Test(arguments: [
        (nil, nil, nil, false, MotionSourceSpecification.iio(uri: nil)),
        ("iio", "ip:10.0.0.2", nil, false, .iio(uri: "ip:10.0.0.2")),
        ("sim", nil, 9, true, .simulated(seed: 9, pacing: .fast)),
        ("sim", nil, nil, false, .simulated(seed: 1, pacing: .realTime)),
        ("replay:a.csv", nil, nil, true, .replay(path: "a.csv", pacing: .fast)),
    ] as [(String?, String?, UInt64?, Bool, MotionSourceSpecification)])
    func specificationParses(text: String?, uri: String?, seed: UInt64?, fast: Bool, expected: MotionSourceSpecification) throws {
        #expect(try SourceOptions.parse(text, uri: uri, seed: seed, fast: fast).get() == expected)
    }

    @Test(arguments: [
        ("bogus", nil, nil, false, "unknown source"),
        ("replay:", nil, nil, false, "needs a file"),
        ("sim", "ip:x", nil, false, "--uri only applies"),
        ("iio", nil, 3, false, "--seed only applies"),
        ("iio", nil, nil, true, "--fast only applies"),
    ] as [(String, String?, UInt64?, Bool, String)])
    func specificationRejects(text: String, uri: String?, seed: UInt64?, fast: Bool, fragment: String) {
        guard case .failure(let failure) = SourceOptions.parse(text, uri: uri, seed: seed, fast: fast) else {
            Issue.record("'\(text)' must be rejected")
            return
        }
        #expect(failure.message.contains(fragment))
    }
}
