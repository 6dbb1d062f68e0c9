import MotionMath
import ReadingFormats
import Sensors

/// The pipeline input over a barometer's recording (`altitude FILE`): its samples in file order as `.pressure`
/// readings (x kPa, y °C or NaN) for an `AltitudeProcessor`. Reads as it goes, in constant memory.
public struct PressureRecordingInput: FileInput {
    /// The recording read from.
    public let reader: PressureRecordingReader

    /// An input over `reader`.
    public init(reader: PressureRecordingReader) {
        self.reader = reader
    }

    public func next() throws(RecordingError) -> SensorReading? {
        guard let sample = try reader.next() else { return nil }
        return SensorReading(
            kind: .pressure, t: sample.t, value: Vector3(sample.pressure, sample.temperature ?? .nan, 0))
    }
}
