import BodyReadings
import Fusion
import MotionMath

/// The service's processor: publishes every calibrated sample to the raw fan-out and fuses it into device motion.
/// Kept across restarts of the sensors (a new plan), so that the filter does not start over; a source whose clock
/// starts again after a restart (the simulated IMU, which restarts at t = 0) is shifted to continue after the last
/// sample, so that every consumer sees time go forward. The samples a restart cost (the sensors' start-up time) are
/// published to `gaps` before the first sample after it, counted at the mean sample period: one spacing says little
/// about the rate when timestamps jitter (a HID hub's reports come 6 and 14 ms apart at 100 Hz).
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
    /// The mean spacing of the samples, s: an exponential average over about `1 / periodWeight` spacings.
    private var period: Double?
    private let periodWeight = 0.02
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
            if let last, input.t + offset <= last { offset = last + (period ?? 0.01) - input.t }
        }
        sample.t += offset
        if let last {
            guard sample.t > last else { return }
            let spacing = sample.t - last
            if first {
                if let period, let gap = CaptureGap(from: last, to: sample.t, period: period) { gaps.publish(gap) }
            } else if spacing < 1 {
                period = period.map { $0 + periodWeight * (spacing - $0) } ?? spacing
            }
        }
        last = sample.t
        raw.publish(sample)
        try emit(filter.update(sample))
    }
}
