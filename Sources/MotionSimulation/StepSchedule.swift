import MotionMath

/// The times of a bout of steps: the first at `start`, then one per step period (1 / cadence), each interval varied
/// by `variability` (relative standard deviation; a walker's stride-to-stride variation is 1–3 %).
public enum StepSchedule {
    /// `count` step times, s, increasing; the intervals are `(1 + variability · N(0, 1)) / cadence` (cadence in
    /// steps/s), drawn from `random` (count − 1 normal deviates, so the same generator state gives the same times).
    public static func times(
        start: Double, count: Int, cadence: Double, variability: Double, using random: inout SeededGenerator
    ) -> [Double] {
        guard count > 0 else { return [] }
        let period = 1 / cadence
        var times = [start]
        times.reserveCapacity(count)
        for _ in 1..<count {
            times.append(times[times.count - 1] + period * (1 + variability * random.nextGaussian()))
        }
        return times
    }
}
