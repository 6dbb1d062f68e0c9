import ReadingFormats
import Sensors

/// The pipeline input over a recording for steps (`steps FILE`): its accelerometer samples in file order, as
/// accelerometer readings for a `StepProcessor` (`AccelerometerRecordingReader`: the full recording format or
/// `t,accel_x,accel_y,accel_z`). Reads as it goes, in constant memory.
public struct AccelerometerRecordingInput: FileInput {
    /// The recording read from.
    public let reader: AccelerometerRecordingReader

    /// An input over `reader`.
    public init(reader: AccelerometerRecordingReader) {
        self.reader = reader
    }

    public func next() throws(RecordingError) -> SensorReading? {
        guard let sample = try reader.next() else { return nil }
        return SensorReading(kind: .accelerometer, t: sample.t, value: sample.acceleration)
    }
}
