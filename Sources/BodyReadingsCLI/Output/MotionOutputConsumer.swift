import BodyReadings
import Fusion
import ReadingFormats

/// Fused motion to a `MotionOutputWriter` (CSV or JSON lines): `stream` and `fuse`. Counts the estimates whose
/// gyroscope reading (no rotation rate: the sample was rejected whole) or accelerometer reading (no user acceleration)
/// was rejected — non-finite, beyond the sensor's range, all zero —: those values are written as unknown (`nan`,
/// `null`), and `warnRejected` says how many on stderr.
struct MotionOutputConsumer: UpdateConsumer {
    let writer: MotionOutputWriter
    /// Estimates written without a user acceleration because the sample's accelerometer reading was rejected.
    private(set) var rejectedAccelerometerReadings = 0
    /// Estimates written without a rotation rate (nor user acceleration): the gyroscope reading was rejected.
    private(set) var rejectedGyroscopeReadings = 0

    /// False for an accelerometer alone: rotation rate and user acceleration are always unknown, not rejected.
    let measuresRotation: Bool

    init(writer: MotionOutputWriter, measuresRotation: Bool = true) {
        self.writer = writer
        self.measuresRotation = measuresRotation
    }

    mutating func receive(_ estimate: MotionEstimate) throws -> ConsumerDemand {
        if measuresRotation, !estimate.rotationRate.isFinite {
            rejectedGyroscopeReadings += 1
        } else if measuresRotation, !estimate.userAcceleration.isFinite {
            rejectedAccelerometerReadings += 1
        }
        try writer.write(estimate)
        return .more
    }

    func idle() throws {
        try writer.flush()
    }

    /// The stderr lines counting rejected gyroscope and accelerometer readings (nothing when there were none).
    func warnRejected(console: Console, of total: Int) {
        if rejectedGyroscopeReadings > 0 {
            console.warning(
                "\(rejectedGyroscopeReadings) of \(total) rows had an unusable gyroscope reading (not a number or "
                    + "beyond the sensor's range): their rotation rate and user acceleration are written as unknown "
                    + "(nan/null), the attitude held; check the recording or the sensor's scale")
        }
        guard rejectedAccelerometerReadings > 0 else { return }
        console.warning(
            "\(rejectedAccelerometerReadings) of \(total) rows had an unusable accelerometer reading (not a number, "
                + "beyond the sensor's range, or all zero): their user acceleration is written as unknown (nan/null), "
                + "not made up; check the recording or the sensor's scale")
    }
}
