import ReadingFormats
import Sensors

/// A pipeline input over a recording file (`RecordingInput`, `PPGRecordingInput`, `AccelerometerRecordingInput`): it
/// states only `next()`; the rest of a file's life cycle is written once in this protocol's extension. A file is open
/// and its header read before the run, never makes the pipeline wait (consumers flush only at the end), has nothing
/// to interrupt (a cancelled run stops at the pipeline's next check) or release, and loses nothing.
public protocol FileInput: PipelineInput where Failure == RecordingError {}

extension FileInput {
    /// Nothing to start: the file is open and its header read.
    @inlinable
    public func start(_ configuration: CaptureConfiguration) {}

    /// Always true: a file never makes the pipeline wait.
    @inlinable
    public var hasBufferedElements: Bool { true }

    /// Does nothing: the pipeline's own check stops a run over a file.
    @inlinable
    public var interruption: @Sendable () -> Void { {} }

    /// Nothing to release.
    @inlinable
    public func stop() {}

    /// Always empty: nothing goes missing from a file.
    @inlinable
    public var statistics: CaptureStatistics { CaptureStatistics() }
}
