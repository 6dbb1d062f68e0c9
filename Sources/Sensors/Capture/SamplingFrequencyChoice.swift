/// Chooses a sensor's sampling frequency for an update interval: the smallest supported frequency at or above the
/// one needed, or the highest supported one when none is fast enough.
public enum SamplingFrequencyChoice {
    /// Frequency at or above which fusion tracks rotations well, Hz: the minimum asked for even at long intervals.
    public static let fusionMinimum = 50.0

    /// The rate an update interval needs, Hz: one sample per interval, but at least `fusionMinimum`.
    public static func needed(forInterval interval: Double) -> Double {
        max(1 / interval, fusionMinimum)
    }

    /// The smallest frequency in `available` that is ≥ `needed` (within 1e-6 Hz), else the highest available;
    /// nil when the driver lists none.
    public static func choose(needed: Double, available: FrequencyList?) -> Double? {
        guard let available else { return nil }
        switch available {
        case .discrete(let values):
            guard let highest = values.max() else { return nil }
            return values.filter { $0 >= needed - 1e-6 }.min() ?? highest
        case .range(let minimum, let step, let maximum):
            if needed <= minimum { return minimum }
            if needed >= maximum { return maximum }
            guard step > 0 else { return needed }
            let steps = ((needed - minimum) / step - 1e-9).rounded(.up)
            return min(minimum + steps * step, maximum)
        }
    }
}
