import Foundation
import PulseSimulation

/// The pulse the intensity channels of a served pulse sensor play: a PPG wave (rising at systole, as a pulse
/// oximeter's pleth) on a uniform time grid, normalised so that its 1st percentile is 0 and its 99th is 1, repeated
/// forever; with the reference beat times of one repetition, to check a detector against.
///
/// From a recording (`load(csv:beats:)`: the `t` and `ppg` columns of `../shared/data/ppg/*.csv` and its `.beats`
/// file) or simulated (`simulated(…)`: `PulseSimulator` with its true beat onsets).
public struct PulseWaveform: Sendable, Hashable {
    /// Samples per second of `values`.
    public let rate: Double
    /// The normalised wave, one value per 1 / `rate` seconds from time 0.
    public let values: [Double]
    /// Reference beat times of one repetition, s from its start.
    public let beats: [Double]

    /// A wave of `values` sampled at `rate` Hz (normalised here), with its reference `beats` (s).
    public init(rate: Double, values: [Double], beats: [Double]) {
        self.rate = rate
        self.beats = beats
        let finite = values.filter(\.isFinite).sorted()
        guard let first = finite.first else {
            self.values = [0]
            return
        }
        let low = finite[Int(Double(finite.count - 1) * 0.01)]
        let high = finite[Int(Double(finite.count - 1) * 0.99)]
        let span = high > low ? high - low : max(abs(first), 1)
        var previous = 0.0
        self.values = values.map { value in
            // A gap in the recording holds the last value.
            if value.isFinite { previous = (value - low) / span }
            return previous
        }
    }

    /// Seconds before the wave repeats.
    public var duration: Double { Double(values.count) / rate }

    /// The wave at `t` seconds (any t ≥ 0; it repeats), linearly interpolated.
    public func value(at t: Double) -> Double {
        guard values.count > 1, t.isFinite else { return values.first ?? 0 }
        var position = (t * rate).truncatingRemainder(dividingBy: Double(values.count))
        if position < 0 { position += Double(values.count) }
        let index = Int(position)
        let fraction = position - Double(index)
        let next = index + 1 < values.count ? index + 1 : 0
        return values[index] * (1 - fraction) + values[next] * fraction
    }

    /// The reference beats between `start` and `end` seconds, over the repetitions.
    public func beats(from start: Double, to end: Double) -> [Double] {
        guard duration > 0, end > start else { return [] }
        var result: [Double] = []
        var repetition = (start / duration).rounded(.down)
        while repetition * duration < end {
            let offset = repetition * duration
            result += beats.map { $0 + offset }.filter { $0 >= start && $0 < end }
            repetition += 1
        }
        return result
    }

    /// Reads a recording: the `t` and `ppg` columns of a CSV (empty fields are gaps) and, when given, a file of
    /// reference beat times (one number per line, s). The recording's start is time 0.
    public static func load(csv path: String, beats beatsPath: String? = nil) throws -> PulseWaveform {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var lines = text.split(whereSeparator: \.isNewline).makeIterator()
        guard let header = lines.next()?.split(separator: ",", omittingEmptySubsequences: false).map(String.init),
            let tColumn = header.firstIndex(of: "t"), let ppgColumn = header.firstIndex(of: "ppg")
        else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: path]) }
        var times: [Double] = []
        var values: [Double] = []
        while let line = lines.next() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count > max(tColumn, ppgColumn), let t = Double(fields[tColumn]) else { continue }
            times.append(t)
            values.append(Double(fields[ppgColumn]) ?? .nan)
        }
        guard let first = times.first, let last = times.last, times.count > 1 else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: path])
        }
        let rate = Double(times.count - 1) / (last - first)
        var beats: [Double] = []
        if let beatsPath {
            beats = try String(contentsOfFile: beatsPath, encoding: .utf8)
                .split(whereSeparator: \.isNewline).compactMap { Double($0) }.map { $0 - first }
        }
        return PulseWaveform(rate: rate, values: values, beats: beats)
    }

    /// A simulated pulse (`PulseSimulator` with its default heart-rate variability, breathing and drift, no motion
    /// artefacts) at 100 Hz for `duration` seconds; its beats are the true pulse onsets plus 0.17 RR (where the pulse
    /// rises fastest, as detectors time a beat).
    public static func simulated(seed: UInt64 = 1, heartRate: Double = 72, duration: Double = 120) -> PulseWaveform {
        var settings = PulseSimulator.Settings()
        settings.heartRate = heartRate
        var simulator = PulseSimulator(settings: settings, seed: seed)
        var values: [Double] = []
        var beats: [Double] = []
        while true {
            let sample = simulator.next()
            guard sample.t < duration else { break }
            values.append(sample.value)
            if let onset = sample.beat { beats.append(onset + 0.17 * 60 / sample.heartRate) }
        }
        return PulseWaveform(rate: settings.sampleRate, values: values, beats: beats)
    }
}
