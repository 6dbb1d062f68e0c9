import Sensors

/// Where a `Pipeline`'s elements come from: a live source through calibration and sample assembly
/// (`SourceInput`), or a recording (`RecordingInput`). Owned by the one thread that runs the pipeline, except for
/// `interruption`.
///
/// Life cycle, driven by `Pipeline.run`: `start` once, `next()` until it returns nil or the run stops, then `stop()`
/// on every path (also after a failed `start`).
public protocol PipelineInput {
    /// What the input delivers: a merged IMU sample today; a PPG sample or a step-counter value later.
    associatedtype Element: Timestamped
    /// What `start` and `next()` throw.
    associatedtype Failure: Error

    /// Starts producing (a live source opens its devices and samples for `configuration.updateInterval`).
    mutating func start(_ configuration: CaptureConfiguration) throws(Failure)

    /// The next element in time order; may block until one is ready. Nil at the end of the input, or soon after
    /// `interruption` was called.
    mutating func next() throws(Failure) -> Element?

    /// True when `next()` will answer at once: a consumer makes what it wrote visible (flushes) when this is false,
    /// before the pipeline blocks for more.
    var hasBufferedElements: Bool { get }

    /// Makes a blocked or later `next()` return nil promptly. Called from any thread (a signal, the wall-clock
    /// watchdog, `MotionManager.stop…`); idempotent.
    var interruption: @Sendable () -> Void { get }

    /// Releases what `start` acquired and restores the device. Idempotent.
    mutating func stop()

    /// What went missing so far (overruns, dropped readings).
    var statistics: CaptureStatistics { get }
}
