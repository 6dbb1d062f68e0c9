@testable import Pulse
import Testing

/// The detector's handling of bad input: flat lines, saturation, invalid values and times, gaps.
struct BeatDetectorInputTests {
    /// A crude pulse train (a raised-cosine-free polynomial pulse, no math library needed): `rate` Hz for `seconds`,
    /// `bpm` beats/min, with `transform` applied to each sample (t, x) → x.
    static func pulses(
        bpm: Double, rate: Double, seconds: Double, transform: (Double, Double) -> Double = { $1 }
    ) -> [(Double, Double)] {
        let period = 60 / bpm
        return (0..<Int(seconds * rate)).map { i in
            let t = Double(i) / rate
            let phase = t / period - (t / period).rounded(.down)
            // A fast rise over the first fifth of the beat and a slow fall: x = p²(3 − 2p) up, linear down.
            let x = phase < 0.2 ? { let p = phase / 0.2; return p * p * (3 - 2 * p) }() : 1 - (phase - 0.2) / 0.8
            return (t, transform(t, x))
        }
    }

    static func run(_ samples: [(Double, Double)]) -> [Beat] {
        var detector = BeatDetector()
        return samples.compactMap { detector.update(time: $0.0, value: $0.1) }
    }

    @Test func cleanPulseTrainGivesItsRate() throws {
        let beats = Self.run(Self.pulses(bpm: 72, rate: 100, seconds: 30))
        let rates = beats.compactMap(\.heartRate)
        #expect(rates.count >= 25)
        for rate in rates { #expect(abs(rate - 72) < 0.5) }
    }

    /// Finger off: a constant value (and a saturated one, clipped at full scale) from 15 s to 25 s. No beat there or
    /// within `artefactHold` after carries a heart rate; heart rates come back afterwards.
    @Test(arguments: [0.0, 1.0])
    func flatSegmentsReportNoHeartRate(level: Double) throws {
        let beats = Self.run(
            Self.pulses(bpm: 80, rate: 50, seconds: 45) { t, x in t >= 15 && t < 25 ? level : x })
        #expect(!beats.contains { $0.t >= 15 && $0.t < 26 && $0.heartRate != nil })
        #expect(beats.contains { $0.t > 30 && $0.heartRate != nil })
        #expect(beats.contains { $0.t < 15 && $0.heartRate != nil })
    }

    @Test func invalidValuesMarkAnArtefact() throws {
        let beats = Self.run(
            Self.pulses(bpm: 60, rate: 100, seconds: 30) { t, x in t >= 12 && t < 12.5 ? .nan : x })
        #expect(!beats.contains { $0.t >= 12 && $0.t < 13.5 && $0.heartRate != nil })
        #expect(beats.contains { $0.t > 16 && $0.heartRate != nil })
    }

    /// A value no sensor gives (1e308, −1e308, 1e9) is rejected and counted like a non-finite one, and the beats
    /// resume within a few seconds: it never reaches the filters, whose transient would last minutes.
    @Test(arguments: [1e308, -1e308, 1e9])
    func implausibleValuesAreRejectedAndCounted(value: Double) throws {
        let samples = Self.pulses(bpm: 60, rate: 100, seconds: 60)
        var detector = BeatDetector()
        let clean = samples.compactMap { detector.update(time: $0.0, value: $0.1) }
        var spiked = BeatDetector()
        let beats = samples.compactMap { spiked.update(time: $0.0, value: $0.0 == 30 ? value : $0.1) }
        #expect(spiked.state.rejectedSamples == 1)
        #expect(detector.state.rejectedSamples == 0)
        #expect(beats.count >= clean.count - 3, "\(beats.count) beats of \(clean.count)")
        #expect(beats.contains { $0.t > 30 && $0.t < 35 && $0.heartRate != nil })
    }

    /// The template ring is sized from the nominal rate, bounded by `maximumSampleRate`: samples a microsecond
    /// apart (times in the wrong unit) do not make it 1.8 million samples long.
    @Test func theRingIsBoundedWhateverTheRate() throws {
        var detector = BeatDetector()
        for i in 0..<100 { _ = detector.update(time: Double(i) * 1e-6, value: Double(i % 7)) }
        let coefficients = try #require(detector.coefficients)
        #expect(abs(coefficients.samplePeriod - 1e-6) < 1e-12)
        #expect(detector.state.ringTime.count <= Int(BeatDetector.maximumSampleRate * 1.8) + 4)
    }

    @Test func invalidAndRepeatedTimesAreIgnored() throws {
        var samples = Self.pulses(bpm: 60, rate: 100, seconds: 20)
        let clean = Self.run(samples)
        samples.insert((5.0, 99), at: 800)
        samples.insert((.nan, 99), at: 900)
        #expect(Self.run(samples) == clean)
    }

    /// A gap longer than `maximumGap` restarts the signal path: no RR interval spans it.
    @Test func gapsRestartTheSignalPath() throws {
        let samples = Self.pulses(bpm: 70, rate: 100, seconds: 40).filter { $0.0 < 15 || $0.0 >= 17 }
        let beats = Self.run(samples)
        #expect(!beats.contains { beat in
            guard let rr = beat.rrInterval else { return false }
            return beat.t >= 17 && beat.t - rr < 15
        })
        #expect(beats.contains { $0.t > 25 && $0.heartRate != nil })
    }
}
