import Testing
@testable import Sensors

@Suite("Sampling frequency choice")
struct SamplingFrequencyChoiceTests {
    @Test func samplingFrequencyChoice() {
        let list = FrequencyList.discrete([12.5, 25, 50, 100, 200])
        #expect(SamplingFrequencyChoice.choose(needed: 50, available: list) == 50)
        #expect(SamplingFrequencyChoice.choose(needed: 60, available: list) == 100)
        #expect(SamplingFrequencyChoice.choose(needed: 1000, available: list) == 200)
        #expect(SamplingFrequencyChoice.choose(needed: 1, available: list) == 12.5)
        let range = FrequencyList.range(minimum: 10, step: 5, maximum: 1000)
        #expect(SamplingFrequencyChoice.choose(needed: 62, available: range) == 65)
        #expect(SamplingFrequencyChoice.choose(needed: 5000, available: range) == 1000)
        #expect(SamplingFrequencyChoice.choose(needed: 50, available: nil) == nil)
        #expect(SamplingFrequencyChoice.needed(forInterval: 0.1) == SamplingFrequencyChoice.fusionMinimum)
        #expect(SamplingFrequencyChoice.needed(forInterval: 0.001) == 1000)
    }
}
