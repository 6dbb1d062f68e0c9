import BodyReadings
import MotionMath
import ReadingFormats

/// Calibrated samples in the recording format (`record`, `stream --raw`); with `console`, its stdout is flushed
/// whenever the writer is.
struct RecordingConsumer: UpdateConsumer {
    let writer: RecordingWriter
    let console: Console?

    func receive(_ sample: IMUSample) throws -> ConsumerDemand {
        try writer.write(sample)
        return .more
    }

    func idle() throws {
        try writer.flush()
        try console?.flush()
    }
}
