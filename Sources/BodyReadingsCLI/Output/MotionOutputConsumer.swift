import BodyReadings
import Fusion
import ReadingFormats

/// Fused motion to a `MotionOutputWriter` (CSV or JSON lines): `stream` and `fuse`. Counts the estimates whose
/// accelerometer reading was rejected (non-finite, beyond the sensor's range, all zero): their user acceleration is
/// written as unknown (`nan`, `null`), and `warnRejected` says how many on stderr.
struct MotionOutputConsumer: UpdateConsumer {
    let writer: MotionOutputWriter
    /// Estimates written without a user acceleration (the sample's accelerometer reading was rejected).
    private(set) var rejectedAccelerometerReadings = 0

    init(writer: MotionOutputWriter) {
        self.writer = writer
    }

    mutating func receive(_ estimate: MotionEstimate) throws -> ConsumerDemand {
        if !estimate.userAcceleration.isFinite { rejectedAccelerometerReadings += 1 }
        try writer.write(estimate)
        return .more
    }

    func idle() throws {
        try writer.flush()
    }

    /// The stderr line counting rejected accelerometer readings (nothing when there were none).
    func warnRejected(console: Console, of total: Int) {
        guard rejectedAccelerometerReadings > 0 else { return }
        console.warning(
            "\(rejectedAccelerometerReadings) of \(total) rows had an unusable accelerometer reading (not a number, "
                + "beyond the sensor's range, or all zero): their user acceleration is written as unknown (nan/null), "
                + "not made up; check the recording or the sensor's scale")
    }
}
