import Pulse
import ReadingFormats

/// The pipeline input over a PPG recording (`heart-rate FILE`): its samples in file order, oriented for the beat
/// detector (`PPGRecordingReader`). Reads as it goes, in constant memory.
public struct PPGRecordingInput: FileInput {
    /// The recording read from.
    public let reader: PPGRecordingReader

    /// An input over `reader`.
    public init(reader: PPGRecordingReader) {
        self.reader = reader
    }

    @inlinable
    public func next() throws(RecordingError) -> PPGSample? {
        try reader.next()
    }
}
