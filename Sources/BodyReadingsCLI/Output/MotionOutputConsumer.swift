import BodyReadings
import Fusion
import ReadingFormats

/// Fused motion to a `MotionOutputWriter` (CSV or JSON lines): `stream` and `fuse`.
struct MotionOutputConsumer: UpdateConsumer {
    let writer: MotionOutputWriter

    func receive(_ estimate: MotionEstimate) throws -> ConsumerDemand {
        try writer.write(estimate)
        return .more
    }

    func idle() throws {
        try writer.flush()
    }
}
