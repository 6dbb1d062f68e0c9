import MotionMath
import ReadingFormats
import Sensors

/// The pipeline input over a recording for steps (`steps FILE`): its accelerometer samples in file order, as
/// accelerometer readings for a `StepProcessor` (`AccelerometerRecordingReader`: the full recording format or
/// `t,accel_x,accel_y,accel_z`), and a barometer's pressure on its rows (a `pressure` column) as `.pressure`
/// readings for the flights climbed. Reads as it goes, in constant memory.
public struct AccelerometerRecordingInput: FileInput {
    /// The recording read from.
    public let reader: AccelerometerRecordingReader

    /// An input over `reader`.
    public init(reader: AccelerometerRecordingReader) {
        self.reader = reader
    }

    /// A row's pressure, delivered after its accelerometer sample.
    private var pending: SensorReading?

    public mutating func next() throws(RecordingError) -> SensorReading? {
        if let reading = pending {
            pending = nil
            return reading
        }
        guard let row = try reader.nextRow() else { return nil }
        let pressure = row.pressure.map {
            SensorReading(kind: .pressure, t: row.t, value: Vector3($0.kPa, $0.celsius ?? .nan, 0))
        }
        guard let acceleration = row.acceleration else { return pressure }
        pending = pressure
        return SensorReading(kind: .accelerometer, t: row.t, value: acceleration)
    }
}
