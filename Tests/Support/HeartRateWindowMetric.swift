/// The heart-rate metric of `shared/data/ppg/README.md`: 10 s windows every 5 s after the first 10 s; reference =
/// 60 / mean RR of the reference beats in the window, estimate = median of the reported heart rates of the beats in
/// it; mean absolute error over the windows with an estimate, and the fraction of windows that have one.
public struct HeartRateWindowMetric: Sendable {
    /// Mean absolute error, beats/min (NaN without any window with an estimate).
    public var meanAbsoluteError: Double
    /// Fraction of the windows with an estimate.
    public var coverage: Double

    /// The metric of `beats` (`t` s, heart rate beats/min or nil) against `reference` beat times over `duration` s.
    public init(beats: [(t: Double, heartRate: Double?)], reference: [Double], duration: Double) {
        var errors: [Double] = []
        var windows = 0
        for index in 0... {
            let start = 10.0 + 5.0 * Double(index)
            let end = start + 10
            guard end <= duration + 1e-9 else { break }
            let inWindow = reference.filter { $0 >= start && $0 < end }
            guard inWindow.count >= 2, let first = inWindow.first, let last = inWindow.last else { continue }
            windows += 1
            let referenceRate = 60 / ((last - first) / Double(inWindow.count - 1))
            let rates = beats.filter { $0.t >= start && $0.t < end }.compactMap(\.heartRate).sorted()
            guard !rates.isEmpty else { continue }
            errors.append(abs(Self.median(rates) - referenceRate))
        }
        meanAbsoluteError = errors.isEmpty ? .nan : errors.reduce(0, +) / Double(errors.count)
        coverage = windows == 0 ? 0 : Double(errors.count) / Double(windows)
    }

    /// The median of sorted values.
    public static func median(_ sorted: [Double]) -> Double {
        let n = sorted.count
        guard n > 0 else { return .nan }
        return n % 2 == 1 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2])
    }
}
