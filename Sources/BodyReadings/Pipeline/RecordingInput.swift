import MotionMath
import ReadingFormats

/// The pipeline input over a recording file (`fuse`): its samples in file order, corrected with a calibration
/// when one is given (for a recording made without one). Reads as it goes, in constant memory.
///
/// A file never makes the pipeline wait, so consumers flush only at the end; a cancelled run stops at the
/// pipeline's next check (every 64 samples).
public struct RecordingInput: FileInput {
    /// The recording read from.
    public let reader: RecordingReader
    /// Applied to every sample, when given.
    public let calibration: SensorCalibration?

    /// An input over `reader`, applying `calibration` to every sample when given.
    public init(reader: RecordingReader, calibration: SensorCalibration? = nil) {
        self.reader = reader
        self.calibration = calibration
    }

    @inlinable
    public func next() throws(RecordingError) -> IMUSample? {
        guard let sample = try reader.next() else { return nil }
        return calibration?.apply(to: sample) ?? sample
    }
}
