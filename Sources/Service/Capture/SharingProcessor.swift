import BodyReadings
import Fusion
import MotionMath

/// The service's processor: publishes every calibrated sample to the raw fan-out and fuses it into device motion.
/// Kept across restarts of the sensors (a new plan), so that the filter does not start over; a source whose clock
/// starts again after a restart (the simulated IMU, which restarts at t = 0) is shifted to continue after the last
/// sample, so that every consumer sees time go forward. The samples a restart cost (the sensors' start-up time) are
/// published to `gaps` before the first sample after it.
struct SharingProcessor: ReadingProcessor {
    /// The attitude filter.
    var filter: AttitudeFilter
    /// Where every sample goes before fusion.
    let raw: UpdateFanOut<IMUSample>
    /// Where the loss of each restart goes.
    let gaps: UpdateFanOut<CaptureGap>
    /// Added to every sample's time since the last restart, s.
    private var offset = 0.0
    private var last: Double?
    private var period = 0.01
    private var restarted = false

    init(filter: AttitudeFilter, raw: UpdateFanOut<IMUSample>, gaps: UpdateFanOut<CaptureGap>) {
        self.filter = filter
        self.raw = raw
        self.gaps = gaps
    }

    /// The sensors restart: the next sample decides whether their clock must be shifted.
    mutating func sensorsRestarted() {
        restarted = true
    }

    mutating func process(_ input: IMUSample, emit: (MotionEstimate) throws -> Void) rethrows {
        var sample = input
        let first = restarted
        if restarted {
            restarted = false
            if let last, input.t + offset <= last { offset = last + period - input.t }
        }
        sample.t += offset
        if let last {
            guard sample.t > last else { return }
            if first, let gap = CaptureGap(from: last, to: sample.t, period: period) {
                gaps.publish(gap)
            } else if sample.t - last < 1 {
                period = sample.t - last
            }
        }
        last = sample.t
        raw.publish(sample)
        try emit(filter.update(sample))
    }
}
