import Pulse

/// The heart-rate metric of `shared/data/ppg/README.md`: 10 s windows every 5 s after the first 10 s; reference =
/// 60 / mean RR of the reference beats in the window, estimate = median of the reported heart rates of the beats in
/// it; mean absolute error over the windows with an estimate, and the fraction of windows that have one.
struct WindowMetric {
    var meanAbsoluteError: Double
    var coverage: Double

    init(beats: [Beat], reference: [Double], duration: Double) {
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
            let rates = beats.filter { $0.time >= start && $0.time < end }.compactMap(\.heartRate).sorted()
            guard !rates.isEmpty else { continue }
            let n = rates.count
            let median = n % 2 == 1 ? rates[n / 2] : 0.5 * (rates[n / 2 - 1] + rates[n / 2])
            errors.append(abs(median - referenceRate))
        }
        meanAbsoluteError = errors.isEmpty ? .nan : errors.reduce(0, +) / Double(errors.count)
        coverage = windows == 0 ? 0 : Double(errors.count) / Double(windows)
    }
}
