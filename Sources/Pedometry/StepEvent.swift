/// What `StepDetector.updateWithTentativeSteps(time:acceleration:onEvent:)` reports: the steps it counts, and —
/// while a walk is not yet recognised — the steps it would count if the motion turns out to be one.
///
/// The count a display shows is the counted steps plus the tentative ones pending (`StepDetector.State.steps` +
/// `StepDetector.State.tentativeSteps`, also the `count` of the last step reported). Tentative steps never change
/// the count itself: they are all withdrawn when walking is recognised (the walk's counted steps, from its first,
/// follow at once with their own times) and when the motion turns out not to be a walk. On the 48 development
/// recordings that shown count is never behind the steps counted up to 1 s earlier, and at most 11 ahead of them
/// before a walk is recognised (a bag or trouser pocket shows two peaks for some steps).
public enum StepEvent: Sendable, Hashable {
    /// A step counted for good; `count` is the running count.
    case counted(Step)
    /// A peak of the step signal before walking is recognised, reported 0.2–0.3 s after it: a step if the motion
    /// is a walk. `count` is the counted steps plus the tentative ones pending, this one included; `cadence` and
    /// `activity` are the detector's now (0 and still: no walk recognised).
    case tentative(Step)
    /// That many of the pending tentative steps (the oldest) are withdrawn: walking was recognised, or no
    /// tentative step came for `StepDetector.Coefficients.tentativeQuiet`, or they are older than
    /// `StepDetector.Settings.lockInWindow`, or a gap restarted the detector.
    case withdrawn(Int)
}
