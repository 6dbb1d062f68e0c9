import Pulse
import PulseSimulation

/// A PulseSimulation recording run through the detector: the samples' truth and the beats found.
struct SimulatedRecording {
    var samples: [SimulatedPPGSample] = []
    var onsets: [Double] = []
    var beats: [Beat] = []
    /// The time of the sample with which each beat was returned, s.
    var returnedAt: [Double] = []

    init(_ settings: PulseSimulator.Settings, seconds: Double, seed: UInt64) {
        var simulator = PulseSimulator(settings: settings, seed: seed)
        var detector = BeatDetector()
        while true {
            let sample = simulator.next()
            guard sample.t < seconds else { break }
            samples.append(sample)
            if let onset = sample.beat { onsets.append(onset) }
            if let beat = detector.update(time: sample.t, value: sample.value) {
                beats.append(beat)
                returnedAt.append(sample.t)
            }
        }
    }

    /// The true beat rate over the whole recording, beats/min.
    var trueRate: Double {
        guard let first = onsets.first, let last = onsets.last, onsets.count > 1 else { return .nan }
        return 60 * Double(onsets.count - 1) / (last - first)
    }

    /// The mean of the reported heart rates, beats/min (NaN without any).
    var meanReportedRate: Double {
        let rates = beats.compactMap(\.heartRate)
        return rates.isEmpty ? .nan : rates.reduce(0, +) / Double(rates.count)
    }

    /// The mean difference between each reported heart rate and the true rate over the same trailing
    /// `BeatDetector.Settings().smoothingTime`, beats/min: the detector's error without the coverage's sampling of a
    /// drifting heart rate.
    var matchedError: Double {
        let window = BeatDetector.Settings().smoothingTime
        var errors: [Double] = []
        for beat in beats {
            guard let rate = beat.heartRate else { continue }
            let inWindow = onsets.filter { $0 > beat.t - window && $0 <= beat.t }
            guard let first = inWindow.first, let last = inWindow.last, inWindow.count > 1 else { continue }
            errors.append(rate - 60 * Double(inWindow.count - 1) / (last - first))
        }
        return errors.isEmpty ? .nan : errors.reduce(0, +) / Double(errors.count)
    }

    /// The stretches of consecutive samples whose condition is `condition`, as [start, end) times.
    func stretches(of condition: SignalCondition) -> [Range<Double>] {
        var result: [Range<Double>] = []
        var start: Double?
        for sample in samples {
            if sample.condition == condition {
                if start == nil { start = sample.t }
            } else if let s = start {
                result.append(s..<sample.t)
                start = nil
            }
        }
        if let s = start, let last = samples.last { result.append(s..<last.t) }
        return result
    }
}
