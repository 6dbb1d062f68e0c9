/// Why a pipeline run ended.
public enum PipelineEnding: Sendable, Equatable {
    /// `PipelineSettings.count` updates were delivered.
    case count
    /// `PipelineSettings.duration` seconds of sample time passed (or the wall-clock watchdog fired a second later,
    /// when the source stalled).
    case duration
    /// The input ended (the end of a recording).
    case endOfInput
    /// `PipelineControl.cancel()` was called (a signal, `MotionManager` stopping the last update).
    case cancelled
    /// The consumer answered `.enough`.
    case finished
    /// The consumer's reader went away (`OutputClosed`).
    case outputClosed
}
