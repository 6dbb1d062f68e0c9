import MotionMath

/// A guided calibration: a state machine fed with live samples that tells a front end what to show and ends with a
/// calibration section or a refusal. It does no I/O and knows no clock but the samples' own time, so a test drives it
/// with synthetic samples; the command line and any other front end only render its `GuidedEvent`s.
///
/// The procedures: `GuidedGyroscope` (stay still), `GuidedAccelerometer` (the six faces, or lying level),
/// `GuidedFreePoses` (twelve still poses in any orientations) and `GuidedMagnetometer` (free rotation).
public protocol GuidedProcedure {
    /// What the user has to do, to be shown before the first sample.
    var task: GuidedTask { get }
    /// What is still missing, for a front end that gives up (a timeout, the end of a recording).
    var shortfall: GuidedShortfall { get }
    /// True once `.finished` or `.refused` has been emitted; later samples are ignored.
    var isFinished: Bool { get }
    /// Samples skipped because a reading was outside `SampleBounds` (not finite, beyond the sensor's range): a
    /// front end says how many, they never count as still nor enter a result.
    var rejectedSamples: Int { get }
    /// Takes one sample and returns what it caused, in order. The last event of a procedure is `.finished` or
    /// `.refused`.
    mutating func add(_ sample: IMUSample) -> [GuidedEvent]
}
