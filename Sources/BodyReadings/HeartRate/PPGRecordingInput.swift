import Pulse
import ReadingFormats
import Sensors

/// The pipeline input over a PPG recording (`heart-rate FILE`): its samples in file order, oriented for the beat
/// detector (`PPGRecordingReader`). Reads as it goes, in constant memory.
public struct PPGRecordingInput: PipelineInput {
    public typealias Failure = RecordingError

    /// The recording read from.
    public let reader: PPGRecordingReader

    /// An input over `reader`.
    public init(reader: PPGRecordingReader) {
        self.reader = reader
    }

    /// Nothing to start: the file is open and its header read.
    public func start(_ configuration: CaptureConfiguration) {}

    @inlinable
    public func next() throws(RecordingError) -> PPGSample? {
        try reader.next()
    }

    public var hasBufferedElements: Bool { true }

    public var interruption: @Sendable () -> Void { {} }

    public func stop() {}

    public var statistics: CaptureStatistics { CaptureStatistics() }
}
