import PulseSimulation
import Testing

struct PulseSimulatorTests {
    static func run(_ settings: PulseSimulator.Settings, seconds: Double, seed: UInt64) -> [SimulatedPPGSample] {
        var simulator = PulseSimulator(settings: settings, seed: seed)
        var samples: [SimulatedPPGSample] = []
        while true {
            let sample = simulator.next()
            guard sample.t < seconds else { return samples }
            samples.append(sample)
        }
    }

    @Test func theSameSeedGivesTheSameRecording() {
        var settings = PulseSimulator.Settings()
        settings.motionArtefactRate = 0.1
        settings.timestampJitter = 0.2
        #expect(Self.run(settings, seconds: 30, seed: 7) == Self.run(settings, seconds: 30, seed: 7))
        #expect(Self.run(settings, seconds: 30, seed: 7) != Self.run(settings, seconds: 30, seed: 8))
    }

    /// Beats come at the mean heart rate (within 3 % over two minutes: the variability averages out), at times that
    /// hardly depend on the sample rate (within 5 ms from 25 to 400 Hz: the onset is interpolated between samples).
    @Test(arguments: [48.0, 100, 165])
    func beatsFollowTheHeartRateAtAnySampleRate(bpm: Double) throws {
        var settings = PulseSimulator.Settings()
        settings.heartRate = bpm
        var onsetsByRate: [[Double]] = []
        for rate in [25.0, 400] {
            settings.sampleRate = rate
            onsetsByRate.append(Self.run(settings, seconds: 120, seed: 3).compactMap(\.beat))
        }
        let onsets = onsetsByRate[1]
        let rate = 60 * Double(onsets.count - 1) / (try #require(onsets.last) - onsets[0])
        #expect(abs(rate / bpm - 1) < 0.03)
        #expect(onsetsByRate[0].count == onsets.count)
        for (a, b) in zip(onsetsByRate[0], onsets) { #expect(abs(a - b) < 0.005) }
    }

    @Test func segmentsAndTimestamps() {
        var settings = PulseSimulator.Settings()
        settings.sampleRate = 50
        settings.timestampJitter = 0.5
        settings.segments = [
            PulseSimulator.Segment(start: 5, end: 6, condition: .fingerOff),
            PulseSimulator.Segment(start: 8, end: 9, condition: .saturated),
        ]
        let samples = Self.run(settings, seconds: 12, seed: 1)
        for (a, b) in zip(samples, samples.dropFirst()) { #expect(b.t > a.t) }
        for sample in samples {
            #expect(sample.value >= 0 && sample.value <= settings.fullScale)
            if sample.t >= 5 && sample.t < 6 { #expect(sample.condition == .fingerOff && sample.value < 0.05) }
            if sample.t >= 8 && sample.t < 9 {
                #expect(sample.condition == .saturated && sample.value == settings.fullScale)
            }
        }
    }
}
